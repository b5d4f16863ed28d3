import type { QueryClient } from '@tanstack/react-query';
import i18n from '@/i18n';
import { loginUrl } from '@/lib/redirect';
import { clearAgeConfirmation } from '@/session/ageGate';
import { AGE_STATE_KEY, clearAgeVerification } from '@/session/ageVerification';
import { clearSession } from '@/session/session';
import { notEnoughTopUpsHosted, openNotEnoughTopUps } from '@/stores/notEnoughTopUps';
import { toast } from '@/toasts/toastStore';
import { setApiErrorReporter } from './client';
import { type ApiError, reactionFor } from './errors';

/**
 * Wires the spec's error catalogue (section 8) into the API client: every failed call passes here
 * exactly once, from the openapi-fetch middleware.
 */
export function installErrorHandling(
  queryClient: QueryClient,
  navigate: (to: string) => unknown,
): void {
  setApiErrorReporter((error: ApiError) => {
    if (error.status === 503 && error.code === 'maintenance') {
      // The site went into maintenance: the maintenance page says so, no toast needed.
      void queryClient.invalidateQueries({ queryKey: ['config'] });
      const here = window.location.pathname;
      if (here !== '/maintenance' && !here.startsWith('/admin')) void navigate('/maintenance');
      return;
    }
    const reaction = reactionFor(error, i18n.t);
    // The modal replaces the toast where a layout hosts it (member pages); elsewhere the toast says it.
    if (reaction.notEnoughTopUps && notEnoughTopUpsHosted()) openNotEnoughTopUps();
    else if (reaction.toast) toast.show(reaction.toast);
    if (reaction.signOut) {
      clearSession(queryClient);
      clearAgeConfirmation();
      void clearAgeVerification().then(() =>
        queryClient.invalidateQueries({ queryKey: AGE_STATE_KEY }),
      );
      const here = `${window.location.pathname}${window.location.search}`;
      if (!here.startsWith('/auth/login')) void navigate(loginUrl(here));
    }
  });
}
