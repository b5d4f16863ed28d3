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

/** Where a visitor may still go while the site is in maintenance (an admin must sign in). */
const OPEN_IN_MAINTENANCE = ['/maintenance', '/auth/login'];

/**
 * The spec's maintenance guard: while the site is in maintenance, everyone but admins lands on
 * /maintenance. The server answers 503 to their API calls anyway; this spares them a broken page.
 */
export const siteOpen =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const path = new URL(request.url).pathname;
    if (OPEN_IN_MAINTENANCE.includes(path) || path.startsWith('/admin')) return null;
    let config = DEFAULT_CONFIG;
    try {
      config = await queryClient.fetchQuery(configQuery);
    } catch {
      return null;
    }
    if (!config.maintenance) return null;
    const user = await ensureUser(queryClient).catch(() => null);
    if (user?.admin_level) return null;
    throw redirect('/maintenance');
  };

/** /maintenance is only reachable while the site is in maintenance. */
export const maintenance = (queryClient: QueryClient) => async () => {
  let config = DEFAULT_CONFIG;
  try {
    // Always asked afresh: a visitor sent here must go home as soon as it is over.
    config = await queryClient.fetchQuery({ ...configQuery, staleTime: 0 });
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
