import type { TFunction } from 'i18next';
import { errorText } from '@/errors/errorText';
import type { ToastType } from '@/toasts/toastOptions';
import type { components } from './schema.gen';

type Schemas = components['schemas'];
/**
 * Every stable error code the API documents: the union of each domain's `<Domain>Code` enum in the
 * generated schema, so a code the server drops or renames fails the type check where it is read.
 */
export type ApiErrorCode = {
  [K in keyof Schemas]: K extends `${string}Code` ? Schemas[K] : never;
}[keyof Schemas];

/** One error type for every API failure: an HTTP answer, no answer, or a request never sent. */
export type ApiErrorKind = 'http' | 'network' | 'setup';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly fieldErrors: FieldErrors;
  readonly retryAfter: number | null;
  /** The envelope's stable `code` (e.g. `email_unconfirmed`), when the server sent one. */
  readonly code: ApiErrorCode | null;
  /** The envelope's other fields (e.g. a wallet refusal's `next_at`), as the server sent them. */
  readonly details: Record<string, unknown>;

  constructor(
    kind: ApiErrorKind,
    message: string,
    opts: {
      status?: number;
      fieldErrors?: FieldErrors;
      retryAfter?: number | null;
      code?: ApiErrorCode | null;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = opts.status ?? null;
    this.fieldErrors = opts.fieldErrors ?? {};
    this.retryAfter = opts.retryAfter ?? null;
    this.code = opts.code ?? null;
    this.details = opts.details ?? {};
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fieldErrors).length > 0;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ENVELOPE = new Set(['message', 'errors', 'code', 'detail']);

/**
 * Reads the API envelope `{"message": "...", "errors": {"field": ["..."]}, "code": "..."}` (and
 * FastAPI's `detail`); any other field is kept in `details`.
 */
export function apiErrorFromBody(
  status: number,
  body: unknown,
  retryAfter?: string | null,
): ApiError {
  let message = '';
  let code: ApiErrorCode | null = null;
  const fieldErrors: FieldErrors = {};
  const details: Record<string, unknown> = {};
  if (isRecord(body)) {
    for (const [key, value] of Object.entries(body)) if (!ENVELOPE.has(key)) details[key] = value;
    // The server answers with a documented code (a test holds the union to openapi.json).
    if (typeof body.code === 'string') code = body.code as ApiErrorCode;
    if (typeof body.message === 'string') message = body.message;
    else if (typeof body.detail === 'string') message = body.detail;
    if (isRecord(body.errors)) {
      for (const [field, value] of Object.entries(body.errors)) {
        const list = Array.isArray(value) ? value.map(String) : [String(value)];
        if (list.length > 0) fieldErrors[field] = list;
      }
    }
  } else if (typeof body === 'string') {
    message = body;
  }
  const seconds = retryAfter ? Number.parseInt(retryAfter, 10) : Number.NaN;
  return new ApiError('http', message, {
    status,
    fieldErrors,
    retryAfter: Number.isFinite(seconds) ? seconds : null,
    code,
    details,
  });
}

/** A thrown fetch: TypeError means no answer came back; anything else failed while building it. */
export function apiErrorFromThrown(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TypeError) return new ApiError('network', message);
  return new ApiError('setup', message);
}

export interface ErrorToast {
  type: ToastType;
  title: string;
  message: string;
}

export interface ErrorReaction {
  /** A toast to show, if any. */
  toast?: ErrorToast;
  /** 401: clear the session and age verification, then go to the login page. */
  signOut?: boolean;
  /** Not enough Top-Ups: the modal that says how to get some (spec section 7), not the toast. */
  notEnoughTopUps?: boolean;
}

/**
 * The spec's error catalogue (section 8), as a pure mapping from an error to what the user sees;
 * the message is the web's own text for the error's code (errors/errorText.ts), else the server's.
 */
export function reactionFor(error: ApiError, t: TFunction): ErrorReaction {
  if (error.kind === 'network') {
    return {
      toast: {
        type: 'danger',
        title: t('errors.noResponseTitle'),
        message: error.message || t('errors.noResponse'),
      },
    };
  }
  if (error.kind === 'setup') {
    return {
      toast: {
        type: 'danger',
        title: t('errors.setupTitle'),
        message: error.message || t('errors.setup'),
      },
    };
  }
  const status = error.status ?? 0;
  if (status === 401) return { signOut: true };
  if (error.code === 'not_enough_topups') {
    return {
      notEnoughTopUps: true,
      toast: { type: 'warning', title: t('errors.title'), message: errorText(error, t) },
    };
  }
  if (status === 422) {
    // Field errors are shown under their fields by the form; only a bare message needs a toast.
    if (error.hasFieldErrors) return {};
    return {
      toast: {
        type: 'warning',
        title: t('errors.title'),
        message: errorText(error, t, { fallback: t('errors.invalid') }),
      },
    };
  }
  if (status === 503) {
    return {
      toast: {
        type: 'danger',
        title: t('errors.downTitle'),
        message: errorText(error, t, { fallback: t('errors.serverDown') }),
      },
    };
  }
  if (status >= 500) {
    return {
      toast: { type: 'danger', title: t('errors.internalTitle'), message: t('errors.internal') },
    };
  }
  if (status === 429) {
    return {
      toast: {
        type: 'warning',
        title: t('errors.title'),
        message: errorText(error, t, { fallback: t('errors.tooMany') }),
      },
    };
  }
  if (status === 404) return {};
  if (status >= 400) {
    return {
      toast: {
        type: status === 403 ? 'danger' : 'warning',
        title: t('errors.title'),
        message: errorText(error, t),
      },
    };
  }
  return {};
}
