import type { TFunction } from 'i18next';
import type { ApiErrorCode } from '@/api/errors';
import worded from '@/i18n/en/apiErrors.json';

/** A refusal as the API sent it: its stable code (when any), its English message, Retry-After. */
export interface Refusal {
  code?: string | null;
  message?: string | null;
  retryAfter?: number | null;
}

type Plural<K> = K extends `${infer C}_${'one' | 'other'}` ? C : K;

/** The codes the web words itself, in English and French (i18n/<locale>/apiErrors.json). */
export type WordedCode = Plural<keyof typeof worded>;

/**
 * The codes whose server message the web shows as it is: it carries facts only the server knows
 * (a ban's end, a wait, a count, a limit, the app a handle is on, who was looked up, what the
 * identity provider said), or different calls send the same code with different words
 * (`login_required` for a report and for Dirty lists, `not_automated`, `trust_flag_not_set`). A call that knows
 * which refusal it got words it in its own `context` (the login form, the wallet, the lists).
 * The webhook codes answer the payment provider, never a person.
 */
export const SERVER_WORDED = [
  'account_not_found',
  'age_verification_abandoned',
  'age_verification_failed',
  'bad_payload',
  'bad_request',
  'bad_signature',
  'banned',
  'below_zero',
  'cannot_add',
  'check_in_required',
  'commenting_suspended',
  'conflict',
  'covers_staff',
  'daily_allowance',
  'daily_limit',
  'duplicate',
  'edits_used',
  'email_unconfirmed',
  'gallery_full',
  'hopping_restricted',
  'invalid_hash_list',
  'limit_reached',
  'login_required',
  'missing_webhook_id',
  'not_approved',
  'not_automated',
  'not_banned',
  'not_found',
  'not_pending',
  'too_large',
  'too_soon',
  'translation_unavailable',
  'trust_flag_not_set',
  'unauthorized',
  'unban_wait',
  'validation_error',
] as const;
export type ServerWordedCode = (typeof SERVER_WORDED)[number];

/**
 * How a call words codes it alone can word (see SERVER_WORDED): an i18n key, or a function giving
 * the text (null when it lacks what the text needs: the server's message is shown instead).
 */
export type ErrorContext = Partial<Record<string, string | ((t: TFunction) => string | null)>>;

const WORDED = new Set<string>(Object.keys(worded).map((key) => key.replace(/_(one|other)$/, '')));

export function isWorded(code: string | null | undefined): code is WordedCode {
  return !!code && WORDED.has(code);
}

/**
 * What the user reads for a refusal: the web's own text for its code, in the reader's language;
 * else the server's message; else `fallback` (or the generic "could not be completed").
 */
export function errorText(
  refusal: Refusal,
  t: TFunction,
  { context = {}, fallback }: { context?: ErrorContext; fallback?: string } = {},
): string {
  const code = refusal.code ?? '';
  const own = context[code];
  if (typeof own === 'function') {
    const text = own(t);
    if (text) return text;
  }
  const key = typeof own === 'string' ? own : isWorded(code) ? `apiErrors.${code}` : null;
  if (key && code === 'rate_limited') {
    // The wait is only known from Retry-After; without it the server's words say it.
    if (refusal.retryAfter != null) {
      return t(key, { count: Math.max(1, Math.ceil(refusal.retryAfter / 60)) });
    }
  } else if (key) {
    return t(key);
  }
  return refusal.message || fallback || t('errors.generic');
}

/**
 * Every code the API documents is worded by the web (in apiErrors.json) or listed as server-worded:
 * a new code the server adds fails `npm run typecheck` here until it is one or the other.
 */
type Unworded = Exclude<ApiErrorCode, WordedCode | ServerWordedCode>;
export const EVERY_CODE_WORDED: [Unworded] extends [never] ? true : Unworded = true;
