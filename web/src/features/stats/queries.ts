import { queryOptions } from '@tanstack/react-query';
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
