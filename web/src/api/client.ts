import createClient, { type Middleware } from 'openapi-fetch';
import { getCookie } from '@/lib/cookies';
import { ApiError, apiErrorFromBody, apiErrorFromThrown } from './errors';
import type { paths } from './schema.gen';

export const CSRF_COOKIE = 'addme_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Calls where a 401 is an answer, not a lost session: asking who is signed in, and signing in/out.
 */
const EXPECTED_401 = ['/v1/auth/user', '/v1/auth/login'];
/**
 * Refusals the form shows in place, next to what to do about them (the unconfirmed-login message
 * with its resend button), so no toast covers the header's buttons.
 */
const SHOWN_IN_FORM: Record<string, number[]> = {
  '/v1/auth/login': [403],
  // A ban over staff addresses: the form shows the warning and asks for the range again.
  '/v1/admin/ip-bans': [409],
  // The age-verification flow words its own refusals (spec section 8's messages).
  '/v1/age-verification/start': [503],
  '/v1/ondato/success': [400, 404, 409, 503],
  // The Translate button says under the text that the site has no translation service (501), that
  // the service did not answer (503) or that the reader asked too often (429).
  '/v1/translations': [404, 409, 429, 503],
  '/v1/ondato/failure': [404, 503],
};
/** Calls whose failures are ignored on purpose (spec section 7: logout errors are ignored). */
const SILENT = ['/v1/auth/logout', '/v1/age-verification/unverify', '/v1/form-stamp'];

type Reporter = (error: ApiError, request?: Request) => void;
let reporter: Reporter = () => {};

/** main.tsx plugs the toasts and the session handling in here: the one place errors are handled. */
export function setApiErrorReporter(next: Reporter) {
  reporter = next;
}

export const csrfMiddleware: Middleware = {
  onRequest({ request }) {
    if (!SAFE_METHODS.has(request.method)) {
      const token = getCookie(CSRF_COOKIE);
      if (token) request.headers.set(CSRF_HEADER, token);
    }
    return request;
  },
};

export const errorMiddleware: Middleware = {
  async onResponse({ request, response }) {
    if (response.ok) return response;
    const path = new URL(request.url).pathname;
    if (SILENT.includes(path)) return response;
    if (response.status === 401 && EXPECTED_401.includes(path)) return response;
    if (SHOWN_IN_FORM[path]?.includes(response.status)) return response;
    let body: unknown = null;
    try {
      body = await response.clone().json();
    } catch {
      body = null;
    }
    reporter(apiErrorFromBody(response.status, body, response.headers.get('Retry-After')), request);
    return response;
  },
  onError({ request, error }) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    const apiError = apiErrorFromThrown(error);
    if (!SILENT.includes(new URL(request.url).pathname)) reporter(apiError, request);
    return apiError;
  },
};

/**
 * For a call whose caller shows its own refusals (a 4xx but 401) in their context: this call's own
 * middleware runs before the app-wide one and throws the refusal as an ApiError for the caller, so
 * no toast says it first. A lost session, a server failure or no answer still go to the app-wide
 * handler.
 */
export const refusalsShownHere: Middleware = {
  async onResponse({ response }) {
    const { status } = response;
    if (status < 400 || status === 401 || status >= 500) return undefined;
    let body: unknown = null;
    try {
      body = await response.clone().json();
    } catch {
      body = null;
    }
    throw apiErrorFromBody(status, body, response.headers.get('Retry-After'));
  },
};

const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/**
 * `no-cache`: public answers let shared caches serve them stale while they refresh
 * (stale-while-revalidate), and the browser's own cache honours that too, so it would show a list
 * from before the member's own action (a report, a new listing). The browser asks every time, with
 * the ETag it holds: an unchanged answer is a small 304.
 */
export const api = createClient<paths>({
  baseUrl: origin,
  credentials: 'same-origin',
  cache: 'no-cache',
});
api.use(csrfMiddleware, errorMiddleware);

/** Turns openapi-fetch's `{data, error, response}` into data or a thrown ApiError. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    if (error instanceof ApiError) throw error; // already reported by the middleware
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // Never reached fetch: the request could not be built.
    const setup = new ApiError('setup', error instanceof Error ? error.message : String(error));
    reporter(setup);
    throw setup;
  }
  const { data, error, response } = result;
  if (!response.ok) {
    throw apiErrorFromBody(response.status, error, response.headers.get('Retry-After'));
  }
  return data as T;
}

export { ApiError };

/** The path parameter of every call about one username (`/v1/.../{username_id}...`). */
export function usernamePath(id: number) {
  return { params: { path: { username_id: id } } };
}
