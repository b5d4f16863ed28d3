import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { catalogueQuery } from '@/api/catalogue';
import { configQuery, DEFAULT_CONFIG } from '@/config/config';
import { filtersFromSearch, scopeFromPath, toApiQuery } from '@/features/listings/filters';
import {
  countriesQuery,
  HOME_QUERY,
  profileQuery,
  similarQuery,
  tagsQuery,
  usernamesQuery,
} from '@/features/listings/queries';
import { userKey } from '@/session/session';

/**
 * Loaders that start a page's first data as the route is matched, alongside its chunk, instead
 * of once the page has rendered: the same queries the pages then read, so they find the answer
 * there or on its way. They never hold the page up (nothing is awaited) and never fail it.
 */

/** The lists: the page of usernames and the filter bar's options. */
export const listing =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const scope = scopeFromPath(url.pathname);
    // Dirty lists are for members: a visitor is asked to sign in, not sent a 401 twice.
    const visitor = queryClient.getQueryData(userKey) === null;
    if (scope && !(scope.type === 'Dirty' && visitor)) {
      const query = toApiQuery(scope, filtersFromSearch(url.searchParams));
      void queryClient.prefetchQuery(usernamesQuery(query));
      void queryClient.prefetchQuery(countriesQuery);
      void queryClient.prefetchQuery(tagsQuery(scope.app));
    }
    return null;
  };

/** Home: the brand's latest usernames. */
export const home = (queryClient: QueryClient) => () => {
  const app =
    queryClient.getQueryData(configQuery.queryKey)?.default_app ?? DEFAULT_CONFIG.default_app;
  void queryClient.prefetchQuery(usernamesQuery(HOME_QUERY(app)));
  return null;
};

/** A profile and its similar usernames. */
export const profile =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    const id = Number(params.id ?? params.idprofile);
    if (Number.isInteger(id) && id > 0) {
      void queryClient.prefetchQuery(profileQuery(id));
      void queryClient.prefetchQuery(similarQuery(id));
    }
    return null;
  };

/** The shop's products. */
export const shop = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(catalogueQuery);
  return null;
};
