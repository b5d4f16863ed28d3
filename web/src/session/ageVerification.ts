import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';
import i18n from '@/i18n';
import { toast } from '@/toasts/toastStore';

/**
 * External age verification (spec sections 3, 4 and 8): where the law of the visitor's place asks
 * for it, adult media stays blurred until the identity provider confirms an adult. The server
 * decides everything (place, provider result, the signed 36000 s cookie); the browser only starts
 * the flow and reports back, and its word alone never verifies anyone.
 */
export type AgeState = components['schemas']['AgeState'];

export const AGE_STATE_KEY = ['age-verification'] as const;
/** Where the visitor was, and which provider session is theirs, across the provider's hosted flow. */
const PENDING_KEY = 'ageVerificationPending';

export function useAgeState() {
  return useQuery({
    queryKey: AGE_STATE_KEY,
    queryFn: ({ signal }) => unwrap(api.GET('/v1/age-verification', { signal })),
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
  });
}

/** Whether adult media must stay blurred for this visitor (false until the state is known). */
export function useVerificationRequired(): boolean {
  const { data } = useAgeState();
  return !!data && !data.showNSFW;
}

interface Pending {
  id: string;
  from: string;
}

export function pendingVerification(): Pending | null {
  try {
    return JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as Pending | null;
  } catch {
    return null;
  }
}

export function clearPendingVerification() {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // nothing stored
  }
}

/** The spec's four messages, word for word in English (section 8). */
export const ageMessages = {
  sdkNotLoaded: () => i18n.t('ageVerification.sdkNotLoaded'),
  loadFailure: (reason: string) => i18n.t('ageVerification.loadFailure', { reason }),
  loading: () => i18n.t('ageVerification.loadingError'),
  during: (reason: string) => i18n.t('ageVerification.duringError', { reason }),
};

/** Where the browser goes next: a page of ours (the simulator) in-app, the provider's in full. */
function go(url: string) {
  window.location.assign(url);
}

export const verificationBrowser = { go };

/**
 * Begin: the server creates the provider session; the visitor continues on its hosted flow.
 * While one is starting, further clicks do nothing (the error message is not shown then).
 */
export function useStartVerification() {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { data, response } = await api.POST('/v1/age-verification/start');
      if (!response.ok || !data) {
        toast.danger(ageMessages.loading());
        setBusy(false);
        return;
      }
      if (!data.url) {
        toast.danger(ageMessages.sdkNotLoaded());
        setBusy(false);
        return;
      }
      sessionStorage.setItem(
        PENDING_KEY,
        JSON.stringify({
          id: data.id,
          from: `${window.location.pathname}${window.location.search}`,
        }),
      );
      verificationBrowser.go(data.url);
    } catch (error) {
      toast.danger(
        error instanceof ApiError && error.kind !== 'setup'
          ? ageMessages.loading()
          : ageMessages.during(String(error)),
      );
      setBusy(false);
    }
  };
  return { start, busy };
}

/** Logout and a lost session clear this browser's verification (spec sections 7 and 8). */
export async function clearAgeVerification() {
  try {
    await api.POST('/v1/age-verification/unverify');
  } catch {
    // best effort: the cookie also expires on its own
  }
}

export function useAgeStateRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: AGE_STATE_KEY });
}
