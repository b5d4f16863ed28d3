import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { useChange } from '@/api/crud';
import type { components } from '@/api/schema.gen';

export type AdminAlert = components['schemas']['AlertAdminRead'];
export type AlertInput = components['schemas']['AlertIn'];

const KEY = ['admin', 'alerts'] as const;

export function alertsQuery() {
  return queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/alerts', { signal })),
  });
}

// The banner loads alerts once a visit: an admin sees their change on the next page.
// The editor closes at once; its list catches up.
function useAlertChange<V, R>(fn: (v: V) => Promise<R>) {
  return useChange(fn, [KEY, ['alerts']], { wait: false });
}

export function useSaveAlert() {
  return useAlertChange(({ id, body }: { id?: number; body: AlertInput }) =>
    unwrap(
      id
        ? api.PUT('/v1/admin/alerts/{alert_id}', { params: { path: { alert_id: id } }, body })
        : api.POST('/v1/admin/alerts', { body }),
    ),
  );
}

export function useDeleteAlert() {
  return useAlertChange(({ id, reason }: { id: number; reason: string }) =>
    unwrap(
      api.DELETE('/v1/admin/alerts/{alert_id}', {
        params: { path: { alert_id: id } },
        body: { reason },
      }),
    ),
  );
}
