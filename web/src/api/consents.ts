import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';

/** The member's consents (account page) and the orientation ads may use (only when opted in). */
export const consentsQuery = queryOptions({
  queryKey: ['user', 'consents'],
  queryFn: () => unwrap(api.GET('/v1/user/consents')),
  staleTime: 10 * 60_000,
});
