import { api, unwrap } from '@/api/client';
import { pagedQuery, useChange } from '@/api/crud';
import type { components } from '@/api/schema.gen';

export type Automation = components['schemas']['AutomationRead'];
export type AutomationAction = 'pause' | 'resume' | 'end';
export type PausedFilter = 'all' | 'running' | 'paused';

const key = ['admin', 'automations'] as const;

export function automationsQuery(q: string, filter: PausedFilter, page: number) {
  const paused = filter === 'all' ? undefined : filter === 'paused';
  return pagedQuery(
    [...key, q, filter, page] as const,
    (query, signal) => unwrap(api.GET('/v1/admin/automations', { params: { query }, signal })),
    { q, page, filters: { paused } },
  );
}

const PATHS = {
  pause: '/v1/admin/automations/{user_id}/pause',
  resume: '/v1/admin/automations/{user_id}/resume',
  end: '/v1/admin/automations/{user_id}/end',
} as const;

export function useAutomationAction() {
  return useChange(
    ({ action, userId, reason }: { action: AutomationAction; userId: number; reason: string }) =>
      unwrap(api.POST(PATHS[action], { params: { path: { user_id: userId } }, body: { reason } })),
    [key],
  );
}
