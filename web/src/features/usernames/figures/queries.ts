import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { myUsernamesKey } from '@/api/queryKeys';
import type { components } from '@/api/schema.gen';

export type UsernameStats = components['schemas']['UsernameStats'];
export type StatsDay = components['schemas']['StatsDay'];
export type BoostEffect = components['schemas']['BoostEffect'];
export type SourceViews = components['schemas']['SourceViews'];

/** Under my usernames' key: a Top-Up, a Fire Pin or an edit refreshes the figures too. */
export function usernameStatsQuery(id: number, days: number) {
  return queryOptions({
    queryKey: [...myUsernamesKey, id, 'stats', days] as const,
    queryFn: async ({ signal }): Promise<UsernameStats> => {
      const body = await unwrap(
        api.GET('/v1/user/usernames/{username_id}/stats', {
          params: { path: { username_id: id }, query: { days } },
          signal,
        }),
      );
      // The route also answers CSV (the download link): this call asks for JSON only.
      if (typeof body === 'string') throw new Error('Expected the figures as JSON');
      return body;
    },
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

/** The VIP download: a plain link, the session cookie authenticates it. */
export function csvUrl(id: number, days: number) {
  return `/v1/user/usernames/${id}/stats?format=csv&days=${days}`;
}
