import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';

export type AdminGroup = components['schemas']['AdminGroupRead'];
export type AdminGroupUpdate = components['schemas']['AdminGroupUpdate'];

const groupsKey = ['admin', 'groups'] as const;

export function adminGroupsQuery(q: string, page: number) {
  return queryOptions({
    queryKey: [...groupsKey, q, page] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/admin/groups', {
          params: { query: { ...(q ? { q } : {}), page, per_page: 25 } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminGroupUpdate }) =>
      unwrap(
        api.PATCH('/v1/admin/groups/{group_id}', { params: { path: { group_id: id } }, body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKey }),
  });
}

export function useRemoveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      unwrap(
        api.DELETE('/v1/admin/groups/{group_id}', {
          params: { path: { group_id: id } },
          body: { reason },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKey }),
  });
}
