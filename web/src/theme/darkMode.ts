import { getCookie, setCookie } from '@/lib/cookies';

/** Spec section 4: dark mode is auto, true or false, kept in a cookie for a year. */
export type DarkModePreference = 'auto' | 'true' | 'false';
export type Theme = 'dark' | 'light';

export const DARK_MODE_COOKIE = 'darkModePreference';
export const ONE_YEAR = 365 * 24 * 60 * 60;

export function parsePreference(value: string | null | undefined): DarkModePreference {
  return value === 'true' || value === 'false' ? value : 'auto';
}

export function readPreference(): DarkModePreference {
  return parsePreference(getCookie(DARK_MODE_COOKIE));
}

export function writePreference(preference: DarkModePreference) {
  setCookie(DARK_MODE_COOKIE, preference, { maxAge: ONE_YEAR });
}

export function resolveTheme(preference: DarkModePreference, systemPrefersDark: boolean): Theme {
  if (preference === 'true') return 'dark';
  if (preference === 'false') return 'light';
  return systemPrefersDark ? 'dark' : 'light';
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

/** Body class `dark`/`light` (the spec) and Bootstrap's colour mode on <html>. */
export function applyTheme(theme: Theme) {
  document.body.classList.toggle('dark', theme === 'dark');
  document.body.classList.toggle('light', theme === 'light');
  document.documentElement.setAttribute('data-bs-theme', theme);
  document.documentElement.style.colorScheme = theme;
}
