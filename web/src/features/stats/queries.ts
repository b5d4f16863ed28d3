import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { DayRange, StatsPageName } from './range';

export function statsQuery(page: StatsPageName, range: DayRange) {
  return queryOptions({
    queryKey: ['admin', 'stats', page, range.start, range.end] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/admin/stats/{page}', {
          params: { path: { page }, query: { start: range.start, end: range.end } },
          signal,
        }),
      ),
    placeholderData: (previous) => previous,
  });
}

/** Recount today and yesterday now (the job does it every 5 minutes). */
export function useRefreshStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/v1/admin/stats/refresh', { body: { reason: 'Recount from the stats screen' } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] }),
  });
}
