import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';

export type Automation = components['schemas']['AutomationRead'];
export type AutomationAction = 'pause' | 'resume' | 'end';
export type PausedFilter = 'all' | 'running' | 'paused';

const key = ['admin', 'automations'] as const;

export function automationsQuery(q: string, filter: PausedFilter, page: number) {
  const paused = filter === 'all' ? undefined : filter === 'paused';
  return queryOptions({
    queryKey: [...key, q, filter, page] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/admin/automations', {
          params: { query: { ...(q ? { q } : {}), paused, page, per_page: 25 } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

const PATHS = {
  pause: '/v1/admin/automations/{user_id}/pause',
  resume: '/v1/admin/automations/{user_id}/resume',
  end: '/v1/admin/automations/{user_id}/end',
} as const;

export function useAutomationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      userId,
      reason,
    }: {
      action: AutomationAction;
      userId: number;
      reason: string;
    }) =>
      unwrap(api.POST(PATHS[action], { params: { path: { user_id: userId } }, body: { reason } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
