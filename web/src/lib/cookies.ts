/** Minimal cookie helpers: the app's preferences live in first-party cookies named by the spec. */

export interface CookieOptions {
  maxAge?: number;
  path?: string;
}

export function getCookie(name: string, source: string = document.cookie): string | null {
  for (const part of source.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

export function setCookie(name: string, value: string, { maxAge, path = '/' }: CookieOptions = {}) {
  let cookie = `${name}=${encodeURIComponent(value)}; path=${path}; SameSite=Lax`;
  if (maxAge !== undefined) cookie += `; max-age=${maxAge}`;
  if (window.location.protocol === 'https:') cookie += '; Secure';
  // biome-ignore lint/suspicious/noDocumentCookie: plain cookies keep this dependency-free.
  document.cookie = cookie;
}

export function removeCookie(name: string, path = '/') {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie.
  document.cookie = `${name}=; path=${path}; max-age=0`;
}
