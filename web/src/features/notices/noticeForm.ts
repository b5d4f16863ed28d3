/**
 * The public notice form's values and checks, mirroring moderation/notices.py on the server (which
 * checks again and has the last word). Messages are i18n keys under `community.notice.errors`.
 */

export const NOTICE_KINDS = ['ncii', 'minor', 'impersonation', 'illegal', 'other'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const MAX_URLS = 10;
export const MAX_URL_LENGTH = 500;

export interface NoticeValues {
  kind: NoticeKind;
  urls: string;
  description: string;
  good_faith: boolean;
  signature: string;
  contact_email: string;
  captcha_token: string;
}

export function isNoticeKind(value: string | null | undefined): value is NoticeKind {
  return !!value && (NOTICE_KINDS as readonly string[]).includes(value);
}

/** A notice about a minor may be anonymous (DSA Art. 16(2)(c)): no name, no e-mail needed. */
export const mayBeAnonymous = (kind: NoticeKind) => kind === 'minor';

/** The addresses of the textarea: one per line, blank lines and repeats dropped. */
export function urlList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((u) => u.trim())
        .filter(Boolean),
    ),
  ];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateNotice(
  values: NoticeValues,
  hasPicture: boolean,
): Partial<Record<keyof NoticeValues, string>> {
  const errors: Partial<Record<keyof NoticeValues, string>> = {};
  const urls = urlList(values.urls);
  if (urls.length === 0 && !hasPicture) errors.urls = 'community.notice.errors.urls';
  else if (urls.length > MAX_URLS) errors.urls = 'community.notice.errors.tooMany';
  else if (urls.some((u) => u.length > MAX_URL_LENGTH))
    errors.urls = 'community.notice.errors.tooLong';
  if (values.description.trim().length < 10)
    errors.description = 'community.notice.errors.description';
  if (!values.good_faith) errors.good_faith = 'community.notice.errors.goodFaith';
  const anonymous = mayBeAnonymous(values.kind);
  if (values.signature.trim().length < 2 && !anonymous)
    errors.signature = 'community.notice.errors.signature';
  const email = values.contact_email.trim();
  if (email ? !EMAIL.test(email) : !anonymous)
    errors.contact_email = 'community.notice.errors.email';
  if (!values.captcha_token) errors.captcha_token = 'community.contact.errors.captcha';
  return errors;
}

/** The JSON body, or the multipart form when a picture goes with it (`urls` repeated). */
export function noticeBody(values: NoticeValues) {
  return {
    kind: values.kind,
    urls: urlList(values.urls),
    description: values.description.trim(),
    good_faith: values.good_faith,
    signature: values.signature.trim(),
    contact_email: values.contact_email.trim(),
    captcha_token: values.captcha_token,
  };
}

export function noticeFormData(values: NoticeValues, picture: File): FormData {
  const body = noticeBody(values);
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const url of value) form.append('urls', url);
    else form.append(key, String(value));
  }
  form.append('picture', picture, picture.name);
  return form;
}
