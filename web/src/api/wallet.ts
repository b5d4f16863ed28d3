import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ErrorContext, errorText } from '@/errors/errorText';
import { useFormStamp } from '@/hooks/useFormStamp';
import { useTranslation } from '@/i18n/useTranslation';
import { userKey } from '@/session/session';
import { openNotEnoughTopUps } from '@/stores/notEnoughTopUps';
import { toast } from '@/toasts/toastStore';
import { ApiError, api, refusalsShownHere, unwrap, usernamePath } from './client';
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

/** A wallet answer: `200 {success, message, code?, next_at?}`, or a refusal read from an error. */
export type WalletAnswer = Partial<WalletActionResult>;

/** The actions whose refusals share a code but not their words (`not_approved`). */
export type WalletActionName = 'topUp' | 'firePin';

/** A wallet refusal's wait as the server writes it ("2 h 05 min", "5 min"), from its `next_at`. */
export function waitText(nextAt: string | null | undefined, now = Date.now()): string | null {
  const ms = nextAt ? Date.parse(nextAt) - now : Number.NaN;
  if (!Number.isFinite(ms)) return null;
  const total = Math.max(1, Math.floor((Math.max(0, ms) / 1000 + 59) / 60));
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return hours ? `${hours} h ${String(minutes).padStart(2, '0')} min` : `${minutes} min`;
}

/**
 * How the wallet words the refusals whose server text carries a wait or depends on the action
 * (errors/errorText.ts SERVER_WORDED); every other code reads as the app-wide catalogue has it.
 */
export function walletWording(answer: WalletAnswer, action?: WalletActionName): ErrorContext {
  const withWait = (key: string) => (t: TFunction) => {
    const wait = waitText(answer.next_at);
    return wait ? t(key, { wait }) : null;
  };
  return {
    check_in_required: 'wallet.refusal.checkIn',
    too_soon: withWait('wallet.refusal.tooSoon'),
    daily_limit: withWait('wallet.refusal.daily'),
    ...(action && { not_approved: `wallet.refusal.${action}Failed` }),
  };
}

/** A wallet refusal the API sent as an error status, read as a wallet answer. */
export function refusalAnswer(error: ApiError): WalletAnswer {
  const nextAt = error.details.next_at;
  return {
    success: false,
    message: error.message,
    code: error.code,
    next_at: typeof nextAt === 'string' ? nextAt : null,
  };
}

/** A refusal the server answered (a 4xx but 401): the wallet says it, not the app-wide toast. */
export const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.kind === 'http' &&
  (error.status ?? 0) >= 400 &&
  (error.status ?? 0) < 500 &&
  error.status !== 401;

/**
 * How the client reacts to a wallet answer (spec section 7): success -> success toast; a
 * not-enough code -> the not-enough-Top-Ups modal; another refusal -> danger toast with its text
 * (the web's words for its code, else the server's); an empty answer -> "Sorry, something went
 * wrong.".
 */
export function reactToWalletAnswer(
  answer: WalletAnswer | null | undefined,
  {
    t,
    action,
    openModal = openNotEnoughTopUps,
  }: { t: TFunction; action?: WalletActionName; openModal?: () => void },
): 'success' | 'modal' | 'refused' | 'empty' {
  if (!answer || typeof answer !== 'object' || !answer.message) {
    toast.danger(t('wallet.sorry'));
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
  toast.danger(errorText(answer, t, { context: walletWording(answer, action) }));
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
  { quietRefusal = false, action }: { quietRefusal?: boolean; action?: WalletActionName } = {},
) {
  const { t } = useTranslation();
  const refresh = useRefreshWallet();
  // A caller that shows the refusal itself (the modal) only wants the other reactions.
  const shownByCaller = (answer: WalletAnswer | null | undefined) =>
    quietRefusal && !!answer?.message && !answer.success && !NOT_ENOUGH.has(answer.code ?? '');
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      if (shownByCaller(answer)) return;
      reactToWalletAnswer(answer, { t, action });
      void refresh();
    },
    onError: (error) => {
      // The same refusal sent as an error status (the API's one way to fail) reads the same.
      if (isRefusal(error)) {
        const answer = refusalAnswer(error);
        if (!shownByCaller(answer)) reactToWalletAnswer(answer, { t, action });
        void refresh();
        return;
      }
      // Other API errors were already toasted by the client's error handler; anything else was not.
      if (!(error instanceof ApiError)) toast.danger(t('wallet.sorry'));
    },
  });
}

/** Wallet calls show their own refusals (refusalsShownHere): their words depend on the action. */
const own = { middleware: [refusalsShownHere] };

/** Top-Up one of my usernames: moves it to the top of its lists. */
export function useTopUp() {
  return useWalletAction(
    (usernameId: number) =>
      unwrap(
        api.POST('/v1/user/usernames/{username_id}/topup', { ...usernamePath(usernameId), ...own }),
      ),
    { action: 'topUp' },
  );
}

/** Fire Pin one of my usernames: holds it first for 15 minutes. */
export function useFirePin() {
  return useWalletAction(
    (usernameId: number) =>
      unwrap(
        api.POST('/v1/user/usernames/{username_id}/fire-pin', {
          ...usernamePath(usernameId),
          ...own,
        }),
      ),
    { action: 'firePin' },
  );
}

/**
 * Buy one more username slot for 2 x max_usernames Top-Ups. `key` names the purchase intent: the
 * server buys once per key and replays its first answer to a repeat (a retry after a lost answer).
 */
export function useAddSlot() {
  return useWalletAction((key: string) =>
    unwrap(
      api.POST('/v1/user/add-slot', { params: { header: { 'Idempotency-Key': key } }, ...own }),
    ),
  );
}

/** A fresh Idempotency-Key for one purchase intent. */
export function newIntentKey(): string {
  return `intent-${crypto.randomUUID()}`;
}

/**
 * Claim a free Top-Up with a solved captcha's token (the server refuses a claim without one); a
 * refusal says why (and when the next one is possible).
 */
export function useFreeTopUp({ quietRefusal = false } = {}) {
  // Taken when the claim's host shows; the bot assessment weighs how fast the claim came.
  const formStamp = useFormStamp();
  return useWalletAction(
    (captchaToken: string) =>
      unwrap(
        api.POST('/v1/user/free-topup', {
          body: { captcha_token: captchaToken, form_ts: formStamp() },
          ...own,
        }),
      ),
    { quietRefusal },
  );
}
