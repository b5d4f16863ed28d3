import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../api/client';
import type { components } from '../../api/schema.gen';

export type User = components['schemas']['UserRead'];

export const userKey = ['auth', 'user'] as const;

/**
 * Who is signed in: a user, or null for a visitor. `/v1/auth/session` answers 200 with null for a
 * visitor, so a visitor's console never shows a failed request.
 */
export const userQuery = queryOptions({
  queryKey: userKey,
  queryFn: async (): Promise<User | null> => {
    try {
      return (await unwrap(api.GET('/v1/auth/session'))) ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export function useUser() {
  const { data, isPending } = useQuery(userQuery);
  return { user: data ?? null, isPending };
}

export async function ensureUser(queryClient: QueryClient): Promise<User | null> {
  try {
    return await queryClient.ensureQueryData(userQuery);
  } catch {
    // The API is unreachable: treat as a visitor; the error handler already told the user.
    return null;
  }
}

/** Forgets everything cached for the signed-in user (logout, lost session). */
export function clearSession(queryClient: QueryClient) {
  queryClient.setQueryData(userKey, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'user' });
}
