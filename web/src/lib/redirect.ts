/**
 * The spec's rule for the `redirect` query after login: a relative path that starts with one `/`,
 * then letters, digits and @ - % _ ~ /, with an optional ?query and #hash. Anything else is ignored.
 */
const SAFE_PATH = /^\/(?![/\\])[A-Za-z0-9@\-%_~/]*(\?[^#\s\\]*)?(#[^\s\\]*)?$/;

export const DEFAULT_AFTER_LOGIN = '/user';

const HERE = 'https://addme.invalid';

/**
 * The one check every return address taken from a URL goes through (after login, back from the age
 * check): a path on this site, as the browser will resolve it, or null. The browser resolves dot
 * segments, `%2e` included, before it goes anywhere: `/..//evil.example/phish` and
 * `/%2e%2e//evil%2eexample` become `//evil.example/...`, another site. So the value is resolved
 * first and the result must still be a path of ours; it is returned resolved, so whoever uses it
 * next cannot resolve it differently. The backend's twin is `core.web.safe_return`.
 */
export function safeReturn(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  // One leading slash, no backslash (browsers read it as a slash), no space or control character.
  if (!value.startsWith('/') || /^\/[/\\]/.test(value) || /[\\\s]/.test(value)) return null;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(value, HERE);
    // A malformed escape (e.g. "%E0%A4%A") is ignored, never an exception.
    decodeURIComponent(value);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  const path = url.pathname;
  // Resolved, it must still start with exactly one slash, and no encoded slash may open a second.
  if (path.startsWith('//') || /^\/(%2f|%5c)/i.test(path)) return null;
  return `${path}${url.search}${url.hash}`;
}

export function isSafeRedirect(value: unknown): value is string {
  if (typeof value !== 'string' || !SAFE_PATH.test(value)) return false;
  return safeReturn(value) === value;
}

export function safeRedirect(value: unknown, fallback = DEFAULT_AFTER_LOGIN): string {
  return isSafeRedirect(value) ? value : fallback;
}

/** Login URL that brings the visitor back to where they were. */
export function loginUrl(currentPath: string): string {
  if (!isSafeRedirect(currentPath) || currentPath.startsWith('/auth/')) return '/auth/login';
  return `/auth/login?redirect=${encodeURIComponent(currentPath)}`;
}
