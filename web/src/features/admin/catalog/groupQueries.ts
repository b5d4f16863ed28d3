import { api, unwrap } from '@/api/client';
import { pagedQuery, useChange } from '@/api/crud';
import type { components } from '@/api/schema.gen';

export type AdminGroup = components['schemas']['AdminGroupRead'];
export type AdminGroupUpdate = components['schemas']['AdminGroupUpdate'];

const groupsKey = ['admin', 'groups'] as const;

export function adminGroupsQuery(q: string, page: number) {
  return pagedQuery(
    [...groupsKey, q, page] as const,
    (query, signal) => unwrap(api.GET('/v1/admin/groups', { params: { query }, signal })),
    { q, page, filters: {} },
  );
}

export function useUpdateGroup() {
  return useChange(
    ({ id, body }: { id: number; body: AdminGroupUpdate }) =>
      unwrap(
        api.PATCH('/v1/admin/groups/{group_id}', { params: { path: { group_id: id } }, body }),
      ),
    [groupsKey],
  );
}

export function useRemoveGroup() {
  return useChange(
    ({ id, reason }: { id: number; reason: string }) =>
      unwrap(
        api.DELETE('/v1/admin/groups/{group_id}', {
          params: { path: { group_id: id } },
          body: { reason },
        }),
      ),
    [groupsKey],
  );
}
