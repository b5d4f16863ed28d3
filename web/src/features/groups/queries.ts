import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { walletKey } from '@/api/wallet';
import type { AppName } from '@/config/options';
import type { SubPathScope } from '@/lib/subPaths';
import { userKey } from '@/session/session';
import { toast } from '@/toasts/toastStore';

export type Group = components['schemas']['GroupRead'];
export type GroupDetail = components['schemas']['GroupDetail'];
export type GroupCreate = components['schemas']['GroupCreate'];
export type GroupUpdate = components['schemas']['GroupUpdate'];

export const GROUPS_PER_PAGE = 24;

export const groupKeys = {
  all: ['groups'] as const,
  list: (scope: SubPathScope, page: number) => ['groups', 'list', scope, page] as const,
  one: (slug: string) => ['groups', 'one', slug] as const,
  // Under 'user' so logging out forgets it (clearSession drops every 'user' query).
  mine: ['user', 'groups'] as const,
};

export function useGroups(scope: SubPathScope, page: number) {
  return useQuery({
    queryKey: groupKeys.list(scope, page),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/groups', {
          params: { query: { ...scope, page, per_page: GROUPS_PER_PAGE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useGroup(slug: string) {
  return useQuery({
    queryKey: groupKeys.one(slug),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/groups/{slug}', { params: { path: { slug } }, signal })),
    retry: false,
  });
}

export function useMyGroups() {
  return useQuery({
    queryKey: groupKeys.mine,
    queryFn: ({ signal }) => unwrap(api.GET('/v1/user/groups', { signal })),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: groupKeys.all });
    void queryClient.invalidateQueries({ queryKey: groupKeys.mine });
  };
}

/** Join or leave: the answer carries the group as the viewer now sees it (with its handle). */
export function useMembership(slug: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, join }: { id: number; join: boolean }) =>
      unwrap(
        join
          ? api.POST('/v1/groups/{group_id}/join', { params: { path: { group_id: id } } })
          : api.POST('/v1/groups/{group_id}/leave', { params: { path: { group_id: id } } }),
      ),
    onSuccess: (result) => {
      if (result.group) queryClient.setQueryData(groupKeys.one(slug), result.group);
      toast.success(result.message);
      refresh();
    },
  });
}

export function useSaveGroup(editId: number | null) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: GroupCreate) =>
      unwrap(
        editId
          ? api.PATCH('/v1/user/groups/{group_id}', {
              params: { path: { group_id: editId } },
              body,
            })
          : api.POST('/v1/user/groups', { body }),
      ),
    onSuccess: (result) => {
      toast.success(result.message);
      refresh();
      // Creating spends a Top-Up: the balance shown elsewhere must follow.
      void queryClient.invalidateQueries({ queryKey: userKey });
      void queryClient.invalidateQueries({ queryKey: walletKey });
    },
  });
}

export function useDeleteGroup() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/v1/user/groups/{group_id}', { params: { path: { group_id: id } } })),
    onSuccess: (result) => {
      toast.success(result.message);
      refresh();
    },
  });
}

/** Invite links open in a new tab; a bare handle is shown to copy. Only https ever becomes a link. */
export function inviteHref(handle: string): string | null {
  return /^https:\/\//i.test(handle) ? handle : null;
}

export const GROUP_APPS = ['snapchat', 'telegram', 'kik'] as const satisfies readonly AppName[];
