import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** What the signed-in member may do in the admin area (its menu and its pages ask). */
export const adminMeQuery = queryOptions({
  queryKey: ['admin', 'me'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/me', { signal })),
  staleTime: 60_000,
});
