/**
 * The spec's rule for the `redirect` query after login: a relative path that starts with one `/`,
 * then letters, digits and @ - % _ ~ /, with an optional ?query and #hash. Anything else is ignored.
 */
const SAFE_PATH = /^\/(?![/\\])[A-Za-z0-9@\-%_~/]*(\?[^#\s\\]*)?(#[^\s\\]*)?$/;

export const DEFAULT_AFTER_LOGIN = '/user';

export function isSafeRedirect(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (!SAFE_PATH.test(value)) return false;
  // A malformed escape (e.g. "%E0%A4%A") is ignored, never an exception.
  try {
    decodeURIComponent(value);
  } catch {
    return false;
  }
  return true;
}

export function safeRedirect(value: unknown, fallback = DEFAULT_AFTER_LOGIN): string {
  return isSafeRedirect(value) ? value : fallback;
}

/** Login URL that brings the visitor back to where they were. */
export function loginUrl(currentPath: string): string {
  if (!isSafeRedirect(currentPath) || currentPath.startsWith('/auth/')) return '/auth/login';
  return `/auth/login?redirect=${encodeURIComponent(currentPath)}`;
}
