import { useCallback } from 'react';
import { api } from '@/api/client';
import { type Locale, setLocale } from '@/i18n';
import { useUser } from './session';

/**
 * Switches the site's language; a signed-in member's account remembers it too, so the mails the
 * site sends them (confirmations, keys, reminders, decisions) arrive in the language they read.
 */
export function useSwitchLanguage() {
  const { user } = useUser();
  const signedIn = user !== null;
  return useCallback(
    (locale: Locale) => {
      setLocale(locale);
      if (signedIn) void api.PUT('/v1/user/language', { body: { language: locale } });
    },
    [signedIn],
  );
}
