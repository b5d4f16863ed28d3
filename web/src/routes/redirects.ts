import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { api, unwrap } from '@/api/client';
import { loginUrl, safeRedirect } from '@/lib/redirect';
import { ensureUser } from '@/session/session';

/**
 * The spec's routes that only send the reader somewhere (section 2): the sign-in callback, the
 * optional-parameter forms, the old orders page and the top-level short links. As loaders, they
 * redirect before anything renders.
 */

/** /auth/Oauth: back from signing in, go where the member was going (or /user); else log in. */
export const signInCallback =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const next = new URL(request.url).searchParams.get('redirect');
    if (await ensureUser(queryClient)) throw redirect(safeRedirect(next));
    throw redirect(next ? loginUrl(safeRedirect(next)) : '/auth/login');
  };

/** /profile without an id: the member's own page, or the list for a visitor. */
export const ownProfile = (queryClient: QueryClient) => async () => {
  throw redirect((await ensureUser(queryClient)) ? '/user' : '/list');
};

export const to = (path: string) => () => {
  throw redirect(path);
};

async function shortLinkPath(token: string): Promise<string | null> {
  const found = await unwrap(api.GET('/v1/short-links/{token}', { params: { path: { token } } }));
  return found?.path ?? null;
}

/** /username/{username}: that member's listed profile, else the list searched for the name. */
export async function usernameLoader({ params }: LoaderFunctionArgs) {
  const name = params.username ?? '';
  const path = name ? await shortLinkPath(name) : null;
  throw redirect(path ?? (name ? `/list?q=${encodeURIComponent(name)}` : '/list'));
}

/** /{token}: a short link to a listed username's profile, else the 404 page. */
export async function shortLinkLoader({ params }: LoaderFunctionArgs) {
  const path = params.token ? await shortLinkPath(params.token) : null;
  if (path) throw redirect(path);
  throw data(null, { status: 404 });
}
