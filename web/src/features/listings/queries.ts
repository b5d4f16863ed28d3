import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Middleware } from 'openapi-fetch';
import { api, unwrap, usernamePath } from '@/api/client';
import { apiErrorFromBody } from '@/api/errors';
import { listingsKey } from '@/api/queryKeys';
import type { AppName } from '@/config/options';
import type { ViewSource } from '@/lib/paths';
import type { ListQuery } from './filters';

/**
 * A 401 on the list means "Dirty needs login", not a lost session: this call's own middleware runs
 * before the app-wide one and turns it into an ApiError the page shows, so nobody is signed out.
 */
const dirtyNeedsLogin: Middleware = {
  async onResponse({ response }) {
    if (response.status !== 401) return undefined;
    let body: unknown = null;
    try {
      body = await response.clone().json();
    } catch {
      body = null;
    }
    throw apiErrorFromBody(401, body);
  },
};

export const listingKeys = {
  all: listingsKey,
  list: (query: ListQuery) => ['listings', 'list', query] as const,
  profile: (id: number) => ['listings', 'profile', id] as const,
  similar: (id: number) => ['listings', 'similar', id] as const,
  tags: (app?: AppName) => ['listings', 'tags', app ?? 'all'] as const,
  countries: ['listings', 'countries'] as const,
};

export function usernamesQuery(query: ListQuery) {
  return queryOptions({
    queryKey: listingKeys.list(query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/usernames', { params: { query }, signal, middleware: [dirtyNeedsLogin] }),
      ),
    staleTime: 30_000,
  });
}

/** The home page's latest usernames for the brand's app (LatestUsernames). */
export const HOME_COUNT = 8;
export const HOME_QUERY = (app: AppName): ListQuery => ({ app, page: 1, per_page: HOME_COUNT });

export function useUsernames(query: ListQuery, enabled = true) {
  return useQuery({ ...usernamesQuery(query), placeholderData: keepPreviousData, enabled });
}

export function profileQuery(id: number) {
  return queryOptions({
    queryKey: listingKeys.profile(id),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/usernames/{username_id}', { ...usernamePath(id), signal })),
    staleTime: 30_000,
  });
}

export function similarQuery(id: number) {
  return queryOptions({
    queryKey: listingKeys.similar(id),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/usernames/{username_id}/similar', { ...usernamePath(id), signal })),
    staleTime: 60_000,
  });
}

export function tagsQuery(app?: AppName) {
  return queryOptions({
    queryKey: listingKeys.tags(app),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/tags', { params: { query: app ? { app } : {} }, signal })),
    staleTime: 5 * 60_000,
  });
}

export const countriesQuery = queryOptions({
  queryKey: listingKeys.countries,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/countries', { signal })),
  staleTime: 5 * 60_000,
});

/** A profile view, under the place it was opened from (the owner's figures). */
export function recordView(id: number, source: ViewSource) {
  return api
    .POST('/v1/usernames/{username_id}/view', {
      params: { path: { username_id: id }, query: { source } },
    })
    .catch(() => undefined);
}

export function recordMessageClick(id: number) {
  return api
    .POST('/v1/usernames/{username_id}/message-click', usernamePath(id))
    .catch(() => undefined);
}
