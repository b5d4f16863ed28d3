import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components, operations } from '@/api/schema.gen';

export type AdminUserRow = components['schemas']['AdminUserRow'];
export type AdminUserDetail = components['schemas']['AdminUserDetail'];
export type BanRow = components['schemas']['BanRow'];
export type BanLookupRow = components['schemas']['BanLookupRow'];
export type BlacklistTerm = components['schemas']['BlacklistTermRead'];
export type TermKind = components['schemas']['TermKind'];
export type AdminMedia = components['schemas']['AdminMedia'];
export type BlockSource = components['schemas']['BlockedHashRead']['source'];
export type UserSearch = NonNullable<
  operations['list_users_v1_admin_users_get']['parameters']['query']
>;

export const peopleKeys = {
  users: ['admin', 'users'] as const,
  bans: ['admin', 'bans'] as const,
  blacklist: ['admin', 'blacklist'] as const,
  gallery: ['admin', 'gallery'] as const,
  imageBans: ['admin', 'image-bans'] as const,
};

export function usersQuery(search: UserSearch) {
  return queryOptions({
    queryKey: [...peopleKeys.users, 'list', search] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/users', { params: { query: search }, signal })),
    placeholderData: (previous) => previous,
  });
}

export function userQuery(id: number) {
  return queryOptions({
    queryKey: [...peopleKeys.users, 'one', id] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/users/{user_id}', { params: { path: { user_id: id } }, signal })),
  });
}

/** The ban page's account search (every admin level): exact e-mail, id or handle prefix. */
export function banLookupQuery(q: string) {
  return queryOptions({
    queryKey: [...peopleKeys.bans, 'lookup', q] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/users/lookup', { params: { query: { q } }, signal })),
    enabled: q.length > 0,
    staleTime: 30_000,
  });
}

export const bansQuery = queryOptions({
  queryKey: peopleKeys.bans,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/bans', { signal })),
});

export function blacklistQuery(kind: TermKind | null) {
  return queryOptions({
    queryKey: [...peopleKeys.blacklist, kind] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/admin/blacklist', {
          params: { query: { per_page: 200, ...(kind ? { kind } : {}) } },
          signal,
        }),
      ),
  });
}

export function galleryQuery(page: number) {
  return queryOptions({
    queryKey: [...peopleKeys.gallery, page] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/gallery', { params: { query: { page, per_page: 24 } }, signal })),
    placeholderData: (previous) => previous,
  });
}

export function imageBansQuery(source: BlockSource | null, page: number) {
  return queryOptions({
    queryKey: [...peopleKeys.imageBans, source, page] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/admin/image-bans', {
          params: { query: { page, per_page: 50, ...(source ? { source } : {}) } },
          signal,
        }),
      ),
    placeholderData: (previous) => previous,
  });
}

/** Every action on an account: one mutation, then the account and the lists are read again. */
export type UserAction =
  | { kind: 'ban'; hours: number | null; reason: string }
  | { kind: 'unban'; reason: string }
  | { kind: 'delete'; reason: string }
  | { kind: 'level'; level: 'Full' | 'AdPartner' | 'Moderator' | null; reason: string }
  | { kind: 'grant'; top_ups: number; fire_pins: number; reason: string }
  | { kind: 'endSessions'; reason: string }
  | { kind: 'resend' };

function runUserAction(id: number, action: UserAction) {
  const path = { params: { path: { user_id: id } } };
  switch (action.kind) {
    case 'ban':
      return unwrap(
        api.POST('/v1/admin/users/{user_id}/ban', {
          ...path,
          body: { hours: action.hours, reason: action.reason },
        }),
      );
    case 'unban':
      return unwrap(
        api.POST('/v1/admin/users/{user_id}/unban', { ...path, body: { reason: action.reason } }),
      );
    case 'delete':
      return unwrap(
        api.DELETE('/v1/admin/users/{user_id}', {
          params: { path: { user_id: id }, query: { reason: action.reason } },
        }),
      );
    case 'level':
      return unwrap(
        api.PATCH('/v1/admin/users/{user_id}', {
          ...path,
          body: { admin_level: action.level, reason: action.reason },
        }),
      );
    case 'grant':
      return unwrap(
        api.POST('/v1/admin/users/{user_id}/grants', {
          ...path,
          body: { top_ups: action.top_ups, fire_pins: action.fire_pins, reason: action.reason },
        }),
      );
    case 'endSessions':
      return unwrap(
        api.POST('/v1/admin/users/{user_id}/end-sessions', {
          ...path,
          body: { reason: action.reason },
        }),
      );
    case 'resend':
      return unwrap(api.POST('/v1/admin/users/{user_id}/resend-confirmation', path));
  }
}

export function useUserAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => runUserAction(id, action),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: peopleKeys.users });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.bans });
    },
  });
}

export type BanAction =
  | { kind: 'user'; id: number; hours: number | null; reason: string }
  | { kind: 'username'; id: number; hours: number | null; reason: string }
  | { kind: 'ip'; cidr: string; hours: number | null; reason: string; confirm?: string };

export function useBan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: BanAction): Promise<unknown> => {
      if (action.kind === 'user')
        return unwrap(
          api.POST('/v1/admin/users/{user_id}/ban', {
            params: { path: { user_id: action.id } },
            body: { hours: action.hours, reason: action.reason },
          }),
        );
      if (action.kind === 'username')
        return unwrap(
          api.POST('/v1/admin/usernames/{username_id}/ban', {
            params: { path: { username_id: action.id } },
            body: { hours: action.hours, reason: action.reason },
          }),
        );
      return unwrap(
        api.POST('/v1/admin/ip-bans', {
          body: {
            cidr: action.cidr,
            hours: action.hours,
            reason: action.reason,
            confirm: action.confirm ?? null,
          },
        }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.bans }),
  });
}

export function useLiftBan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ban, reason }: { ban: BanRow; reason: string }) => {
      if (ban.kind === 'user')
        return unwrap(
          api.POST('/v1/admin/users/{user_id}/unban', {
            params: { path: { user_id: ban.id } },
            body: { reason },
          }),
        );
      if (ban.kind === 'username')
        return unwrap(
          api.POST('/v1/admin/usernames/{username_id}/unban', {
            params: { path: { username_id: ban.id } },
            body: { reason },
          }),
        );
      return unwrap(
        api.DELETE('/v1/admin/ip-bans/{ban_id}', {
          params: { path: { ban_id: ban.id }, query: { reason } },
        }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.bans }),
  });
}

export function useBlacklistChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'add'; term: { kind: TermKind; pattern: string; is_regex: boolean } }
        | { kind: 'switch'; id: number; active: boolean }
        | { kind: 'delete'; id: number },
    ): Promise<unknown> => {
      if (change.kind === 'add')
        return unwrap(api.POST('/v1/admin/blacklist', { body: change.term }));
      if (change.kind === 'switch')
        return unwrap(
          api.PATCH('/v1/admin/blacklist/{term_id}', {
            params: { path: { term_id: change.id } },
            body: { active: change.active },
          }),
        );
      return unwrap(
        api.DELETE('/v1/admin/blacklist/{term_id}', { params: { path: { term_id: change.id } } }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.blacklist }),
  });
}

export function useMediaAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      id,
      reason = '',
    }: {
      kind: 'remove' | 'ban';
      id: number;
      reason?: string;
    }): Promise<unknown> =>
      kind === 'remove'
        ? unwrap(
            api.DELETE('/v1/admin/gallery/{media_id}', {
              params: { path: { media_id: id } },
              body: { reason },
            }),
          )
        : unwrap(
            api.POST('/v1/admin/image-bans', {
              body: { media_id: id, reason: reason.slice(0, 200) },
            }),
          ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: peopleKeys.gallery });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.imageBans });
    },
  });
}
