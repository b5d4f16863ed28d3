import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';

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

/**
 * Reads who is signed in again, right after the server set a session cookie (login, e-mail
 * confirmation). A session check already in flight was sent without that cookie: it is cancelled,
 * not joined, or its stale "visitor" answer would send the new member back to the login page.
 */
export async function reloadUser(queryClient: QueryClient): Promise<User | null> {
  await queryClient.cancelQueries({ queryKey: userKey });
  return queryClient.fetchQuery({ ...userQuery, staleTime: 0 });
}

/** Forgets everything cached for the signed-in user (logout, lost session). */
export function clearSession(queryClient: QueryClient) {
  queryClient.setQueryData(userKey, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'user' });
}
