import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userKey } from '@/session/session';
import { openNotEnoughTopUps } from '@/stores/notEnoughTopUps';
import { toast } from '@/toasts/toastStore';
import { ApiError, api, unwrap } from './client';
import { listingsKey } from './queryKeys';
import type { components } from './schema.gen';

export type WalletActionResult = components['schemas']['WalletActionResult'];
export type Wallet = components['schemas']['WalletRead'];

/** Keys start with 'user' so logout forgets them. */
export const walletKey = ['user', 'wallet'] as const;

export const walletQuery = queryOptions({
  queryKey: walletKey,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/user/wallet', { signal })),
  staleTime: 10_000,
});

/** What the not-enough codes open instead of a toast. */
const NOT_ENOUGH = new Set(['not_enough_topups']);

/**
 * How the client reacts to a wallet answer (spec section 7): success -> success toast; a
 * not-enough code -> the not-enough-Top-Ups modal; another refusal -> danger toast with the
 * message; an empty answer -> "Sorry, something went wrong.".
 */
export function reactToWalletAnswer(
  answer: Partial<WalletActionResult> | null | undefined,
  sorry: string,
  openModal: () => void = openNotEnoughTopUps,
): 'success' | 'modal' | 'refused' | 'empty' {
  if (!answer || typeof answer !== 'object' || !answer.message) {
    toast.danger(sorry);
    return 'empty';
  }
  if (answer.success) {
    toast.success(answer.message);
    return 'success';
  }
  if (answer.code && NOT_ENOUGH.has(answer.code)) {
    openModal();
    return 'modal';
  }
  toast.danger(answer.message);
  return 'refused';
}

/** After a wallet action: the user (counters), my usernames, the wallet and the public lists. */
export function useRefreshWallet() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userKey }),
      queryClient.invalidateQueries({ queryKey: ['user'] }),
      queryClient.invalidateQueries({ queryKey: listingsKey }),
    ]);
}

function useWalletAction<TArg>(
  call: (arg: TArg) => Promise<WalletActionResult>,
  { quietRefusal = false } = {},
) {
  const { t } = useTranslation();
  const refresh = useRefreshWallet();
  const sorry = t('wallet.sorry');
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      // A caller that shows the refusal itself (the modal) only wants the other reactions.
      if (quietRefusal && answer?.message && !answer.success && answer.code !== 'not_enough_topups')
        return;
      reactToWalletAnswer(answer, sorry);
      void refresh();
    },
    onError: (error) => {
      // API errors were already toasted by the client's error handler; anything else was not.
      if (!(error instanceof ApiError)) toast.danger(sorry);
    },
  });
}

/** Top-Up one of my usernames: moves it to the top of its lists. */
export function useTopUp() {
  return useWalletAction((usernameId: number) =>
    unwrap(
      api.POST('/v1/user/usernames/{username_id}/topup', {
        params: { path: { username_id: usernameId } },
      }),
    ),
  );
}

/** Fire Pin one of my usernames: holds it first for 15 minutes. */
export function useFirePin() {
  return useWalletAction((usernameId: number) =>
    unwrap(
      api.POST('/v1/user/usernames/{username_id}/fire-pin', {
        params: { path: { username_id: usernameId } },
      }),
    ),
  );
}

/**
 * Buy one more username slot for 2 x max_usernames Top-Ups. `key` names the purchase intent: the
 * server buys once per key and replays its first answer to a repeat (a retry after a lost answer).
 */
export function useAddSlot() {
  return useWalletAction((key: string) =>
    unwrap(api.POST('/v1/user/add-slot', { params: { header: { 'Idempotency-Key': key } } })),
  );
}

/** A fresh Idempotency-Key for one purchase intent. */
export function newIntentKey(): string {
  return `intent-${crypto.randomUUID()}`;
}

/** Claim a free Top-Up; a refusal says why (and when the next one is possible). */
export function useFreeTopUp({ quietRefusal = false } = {}) {
  return useWalletAction<void>(() => unwrap(api.POST('/v1/user/free-topup')), {
    quietRefusal,
  });
}
