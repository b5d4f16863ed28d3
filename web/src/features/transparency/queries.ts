import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export const publicTransparencyQuery = queryOptions({
  queryKey: ['transparency'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/transparency', { signal })),
  staleTime: 5 * 60_000,
});

export function adminTransparencyQuery(months: number) {
  return queryOptions({
    queryKey: ['admin', 'transparency', months] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/transparency', { params: { query: { months } }, signal })),
    placeholderData: keepPreviousData,
  });
}
