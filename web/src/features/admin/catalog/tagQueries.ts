import { api, unwrap } from '@/api/client';
import { pagedQuery, useChange } from '@/api/crud';
import type { components } from '@/api/schema.gen';

export type AdminTag = components['schemas']['TagRead'];
export type TagFilter = 'all' | 'visible' | 'hidden';

const tagsKey = ['admin', 'tags'] as const;

export function adminTagsQuery(q: string, filter: TagFilter, page: number) {
  const hidden = filter === 'all' ? undefined : filter === 'hidden';
  return pagedQuery(
    [...tagsKey, q, filter, page] as const,
    (query, signal) => unwrap(api.GET('/v1/admin/tags', { params: { query }, signal })),
    { q, page, perPage: 50, filters: { hidden } },
  );
}

export type TagChange =
  | { kind: 'create'; name: string; reason: string }
  | { kind: 'update'; id: number; name?: string; hidden?: boolean; reason: string }
  | { kind: 'merge'; id: number; into: string; reason: string };

export function useTagChange() {
  return useChange(
    (change: TagChange) => {
      if (change.kind === 'create') {
        return unwrap(
          api.POST('/v1/admin/tags', { body: { name: change.name, reason: change.reason } }),
        );
      }
      if (change.kind === 'merge') {
        return unwrap(
          api.POST('/v1/admin/tags/{tag_id}/merge', {
            params: { path: { tag_id: change.id } },
            body: { into: change.into, reason: change.reason },
          }),
        );
      }
      return unwrap(
        api.PATCH('/v1/admin/tags/{tag_id}', {
          params: { path: { tag_id: change.id } },
          body: { name: change.name, hidden: change.hidden, reason: change.reason },
        }),
      );
    },
    [tagsKey],
  );
}
