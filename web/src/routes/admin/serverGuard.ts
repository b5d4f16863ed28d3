import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { loginUrl } from '@/lib/redirect';

/**
 * A screen's loader asks the server whether this admin may open it (a cheap read of the screen's
 * own API): a level that may not gets the 403 error page with the server's message, never a
 * broken screen. The server checks every call anyway; this only decides what to render.
 */
export function serverGuard(probe: string) {
  return async ({ request }: LoaderFunctionArgs) => {
    const res = await fetch(probe, { credentials: 'same-origin', signal: request.signal });
    if (res.ok) {
      // Only the status was asked for, but the (one-row) body is read: left unread, the request
      // stays open and the page never goes quiet; cancelled, it shows as a failed request.
      await res.arrayBuffer();
      return null;
    }
    if (res.status === 401) {
      const url = new URL(request.url);
      throw redirect(loginUrl(`${url.pathname}${url.search}`));
    }
    let message: string | undefined;
    try {
      message = ((await res.json()) as { message?: string }).message;
    } catch {
      message = undefined;
    }
    throw data(message ?? null, { status: res.status });
  };
}
