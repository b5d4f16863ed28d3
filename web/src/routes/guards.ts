import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { configQuery, DEFAULT_CONFIG } from '@/config/config';
import { loginUrl } from '@/lib/redirect';
import { ensureUser } from '@/session/session';

/** Route guards as loaders: they run before the page renders, so nothing flashes. */

function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Login, register...: a signed-in user goes to /user. */
export const guestOnly = (queryClient: QueryClient) => async () => {
  if (await ensureUser(queryClient)) throw redirect('/user');
  return null;
};

/** The user area: visitors go to the login page, then come back. */
export const signedIn =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const user = await ensureUser(queryClient);
    if (!user) throw redirect(loginUrl(currentPath(request)));
    return null;
  };

/** The admin area: a convenience only, the server checks admin_level on every call. */
export const admin =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const user = await ensureUser(queryClient);
    if (!user) throw redirect(loginUrl(currentPath(request)));
    if (!user.admin_level) throw redirect('/');
    return null;
  };

/** /maintenance is only reachable while the site is in maintenance. */
export const maintenance = (queryClient: QueryClient) => async () => {
  let config = DEFAULT_CONFIG;
  try {
    config = await queryClient.fetchQuery(configQuery);
  } catch {
    // Unreachable API: show the maintenance page rather than bounce.
    return null;
  }
  if (!config.maintenance) throw redirect('/');
  return null;
};

/** /user/switch: Studio accounts only; others go to /user. */
export const studio =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const user = await ensureUser(queryClient);
    if (!user) throw redirect(loginUrl(currentPath(request)));
    if (!user.is_studio) throw redirect('/user');
    return null;
  };
