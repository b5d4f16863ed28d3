import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, usernamePath } from './client';
import { myUsernamesKey } from './queryKeys';

/** The member's own usernames: their page, and every feature that offers one of them. */
export const myUsernamesQuery = queryOptions({
  queryKey: myUsernamesKey,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/user/usernames', { signal })),
  staleTime: 10_000,
});

export function myUsernameQuery(id: number) {
  return queryOptions({
    queryKey: [...myUsernamesKey, id] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/user/usernames/{username_id}', { ...usernamePath(id), signal })),
  });
}
