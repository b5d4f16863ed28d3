import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';

type S = components['schemas'];
export type AdminUsername = S['AdminUsername'];
export type ReviewItem = S['ReviewItem'];
export type ReportGroup = S['ReportGroup'];
export type ReportAction = S['ReportDecideIn']['action'];
export type UnbanItem = S['UnbanRequestAdmin'];
export type RemovalItem = S['RemovalRequestAdmin'];
export type CommentCase = S['CommentReportAdmin'];
export type CommentQueueKind = 'all' | 'reported' | 'held';
export type ContactMessage = S['ContactMessageRead'];
export type AuditRow = S['AuditRead'];
export type Macro = S['MacroRead'];
export type MacroType = S['MacroIn']['type'];

export const modKeys = {
  all: ['admin', 'mod'] as const,
};

export const overviewQuery = queryOptions({
  queryKey: [...modKeys.all, 'overview'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/overview', { signal })),
  refetchInterval: 60_000,
});

export function reviewQuery(page: number, q: string) {
  return queryOptions({
    queryKey: [...modKeys.all, 'review', page, q] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/admin/review', { params: { query: { page, q: q || undefined } }, signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function reportsQuery(status: 'open' | 'decided', type: string, page: number) {
  return queryOptions({
    queryKey: [...modKeys.all, 'reports', status, type, page] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/admin/reports', {
          params: {
            query: {
              status,
              page,
              type: (type || undefined) as S['ReportRead']['type'] as never,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function unbanQuery(status: 'pending' | 'decided', page: number) {
  return queryOptions({
    queryKey: [...modKeys.all, 'unban', status, page] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/unban-requests', { params: { query: { status, page } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function removalQuery(status: 'pending' | 'decided', page: number) {
  return queryOptions({
    queryKey: [...modKeys.all, 'removal', status, page] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/admin/removal-requests', { params: { query: { status, page } }, signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Reported comments (open reports) and comments held by screening or a burst. */
export function commentQueueQuery(kind: CommentQueueKind) {
  return queryOptions({
    queryKey: [...modKeys.all, 'comments', kind] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/comment-reports', { params: { query: { kind } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** The whole inbox (Full) or the Moderators' queue (bans, age verification, hopping, VPN). */
export type ContactView = 'inbox' | 'queue';

export function contactQuery(
  status: string,
  reason: string,
  page: number,
  view: ContactView = 'inbox',
) {
  return queryOptions({
    queryKey: [...modKeys.all, 'contact', view, status, reason, page] as const,
    queryFn: ({ signal }) => {
      const query = {
        page,
        status: (status || undefined) as never,
        reason: (reason || undefined) as never,
      };
      return unwrap(
        view === 'queue'
          ? api.GET('/v1/admin/contact-queue', { params: { query }, signal })
          : api.GET('/v1/admin/contact', { params: { query }, signal }),
      );
    },
    placeholderData: keepPreviousData,
  });
}

export function auditQuery(
  filters: { actor: string; action: string; target: string },
  page: number,
) {
  const actor = Number(filters.actor);
  return queryOptions({
    queryKey: [...modKeys.all, 'audit', filters, page] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/admin/audit', {
          params: {
            query: {
              page,
              actor: Number.isInteger(actor) && actor > 0 ? actor : undefined,
              action: filters.action || undefined,
              target: filters.target || undefined,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function macrosQuery(type?: MacroType) {
  return queryOptions({
    queryKey: [...modKeys.all, 'macros', type ?? ''] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/macros', { params: { query: type ? { type } : {} }, signal })),
    staleTime: 60_000,
  });
}

/** Every decision refreshes the queues and the home's counts (and the public lists it changed). */
function useDecision<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: modKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
    },
  });
}

export function useReviewDecision() {
  return useDecision(({ id, approve, reason }: { id: number; approve: boolean; reason: string }) =>
    unwrap(
      approve
        ? api.POST('/v1/admin/usernames/{username_id}/approve', {
            params: { path: { username_id: id } },
            body: { reason },
          })
        : api.POST('/v1/admin/usernames/{username_id}/reject', {
            params: { path: { username_id: id } },
            body: { reason },
          }),
    ),
  );
}

export function useBulkReview() {
  return useDecision((body: S['BulkIn']) => unwrap(api.POST('/v1/admin/usernames/bulk', { body })));
}

export function useReportDecision() {
  return useDecision(({ id, ...body }: S['ReportDecideIn'] & { id: number }) =>
    unwrap(
      api.POST('/v1/admin/reports/{report_id}/decide', {
        params: { path: { report_id: id } },
        body,
      }),
    ),
  );
}

export function useUnbanDecision() {
  return useDecision(({ id, ...body }: S['RequestDecideIn'] & { id: number }) =>
    unwrap(
      api.POST('/v1/admin/unban-requests/{request_id}/decide', {
        params: { path: { request_id: id } },
        body,
      }),
    ),
  );
}

export function useRemovalDecision() {
  return useDecision(({ id, ...body }: S['RemovalDecideIn'] & { id: number }) =>
    unwrap(
      api.POST('/v1/admin/removal-requests/{request_id}/decide', {
        params: { path: { request_id: id } },
        body,
      }),
    ),
  );
}

export function useCommentDecision() {
  return useDecision(({ id, ...body }: S['CommentDecideIn'] & { id: number }) =>
    unwrap(
      api.POST('/v1/admin/comments/{comment_id}/decide', {
        params: { path: { comment_id: id } },
        body,
      }),
    ),
  );
}

export function useContactReply(view: ContactView = 'inbox') {
  return useDecision(({ id, ...body }: S['ContactReplyIn'] & { id: number }) => {
    const params = { path: { message_id: id } };
    return unwrap(
      view === 'queue'
        ? api.POST('/v1/admin/contact-queue/{message_id}/reply', { params, body })
        : api.POST('/v1/admin/contact/{message_id}/reply', { params, body }),
    );
  });
}

export function useContactStatus(view: ContactView = 'inbox') {
  return useDecision(({ id, ...body }: S['ContactStatusIn'] & { id: number }) => {
    const params = { path: { message_id: id } };
    return unwrap(
      view === 'queue'
        ? api.POST('/v1/admin/contact-queue/{message_id}/status', { params, body })
        : api.POST('/v1/admin/contact/{message_id}/status', { params, body }),
    );
  });
}

export function useSaveMacro() {
  return useDecision(({ id, ...body }: S['MacroIn'] & { id?: number }) =>
    unwrap(
      id
        ? api.PATCH('/v1/admin/macros/{macro_id}', { params: { path: { macro_id: id } }, body })
        : api.POST('/v1/admin/macros', { body }),
    ),
  );
}

export function useDeleteMacro() {
  return useDecision((id: number) =>
    unwrap(api.DELETE('/v1/admin/macros/{macro_id}', { params: { path: { macro_id: id } } })),
  );
}
