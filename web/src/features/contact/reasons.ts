import type { ContactReason } from '@/config/options';

/**
 * Which fields each contact reason shows, mirroring content/contact.py on the server (which drops
 * fields a reason does not use).
 */

export type ContactField =
  | 'order_number'
  | 'checkout_email'
  | 'checked_junk'
  | 'received_confirmation'
  | 'pasted_content'
  | 'usernames'
  | 'justification'
  | 'other_notes';

const ORDER: ContactField[] = ['order_number', 'checkout_email'];

export const REASON_FIELDS: Record<
  ContactReason,
  { required: ContactField[]; optional: ContactField[] }
> = {
  nokey: {
    required: [...ORDER, 'checked_junk', 'received_confirmation'],
    optional: ['pasted_content'],
  },
  blocktx: { required: ORDER, optional: ['pasted_content'] },
  frozenorder: { required: ORDER, optional: ['pasted_content'] },
  ageverification: { required: ['other_notes'], optional: ['pasted_content'] },
  vpnaccess: { required: ['other_notes'], optional: ['pasted_content'] },
  general: { required: ['other_notes'], optional: ['order_number', 'pasted_content'] },
  usernamelists: { required: ['usernames'], optional: [] },
  profileviolation: { required: ['usernames', 'justification'], optional: ['pasted_content'] },
  disputeban: { required: ['usernames', 'justification'], optional: [] },
  accounthopping: { required: ['usernames', 'justification'], optional: [] },
};

export function fieldsFor(reason: ContactReason): ContactField[] {
  const { required, optional } = REASON_FIELDS[reason];
  return [...required, ...optional];
}

export function isRequired(reason: ContactReason, field: ContactField): boolean {
  return REASON_FIELDS[reason].required.includes(field);
}

export const ORDER_NUMBER = /^#?\d{5}$/;

export interface ContactValues {
  reason: ContactReason;
  reply_email: string;
  other_notes: string;
  order_number: string;
  checkout_email: string;
  checked_junk: boolean;
  received_confirmation: '' | 'yes' | 'no';
  pasted_content: string;
  usernames: string;
  justification: string;
  captcha_token: string;
}

/** A blank request: a general question, every field empty. */
export const EMPTY_CONTACT: ContactValues = {
  reason: 'general',
  reply_email: '',
  other_notes: '',
  order_number: '',
  checkout_email: '',
  checked_junk: false,
  received_confirmation: '',
  pasted_content: '',
  usernames: '',
  justification: '',
  captcha_token: '',
};

/** The request body: only the reason's own fields, usernames split on commas and spaces. */
export function contactBody(values: ContactValues) {
  const shown = new Set(fieldsFor(values.reason));
  const body: Record<string, unknown> = {
    reason: values.reason,
    reply_email: values.reply_email.trim(),
    other_notes: shown.has('other_notes') ? values.other_notes : '',
    captcha_token: values.captcha_token || null,
  };
  if (shown.has('order_number') && values.order_number.trim()) {
    body.order_number = values.order_number.trim().replace(/^#/, '');
  }
  if (shown.has('checkout_email') && values.checkout_email.trim()) {
    body.checkout_email = values.checkout_email.trim();
  }
  if (shown.has('checked_junk')) body.checked_junk = values.checked_junk;
  if (shown.has('received_confirmation') && values.received_confirmation) {
    body.received_confirmation = values.received_confirmation;
  }
  if (shown.has('pasted_content') && values.pasted_content.trim()) {
    body.pasted_content = values.pasted_content;
  }
  if (shown.has('usernames')) {
    body.usernames = values.usernames
      .split(/[\s,]+/)
      .map((u) => u.trim().replace(/^@/, ''))
      .filter(Boolean);
  }
  if (shown.has('justification')) body.justification = values.justification;
  return body;
}

/** Client checks, as i18n keys per field: the server checks the same and stays the authority. */
export function validateContact(
  values: ContactValues,
): Partial<Record<keyof ContactValues, string>> {
  const errors: Partial<Record<keyof ContactValues, string>> = {};
  const shown = new Set(fieldsFor(values.reason));
  const required = (f: ContactField) => isRequired(values.reason, f);
  if (!/^\S+@\S+\.\S+$/.test(values.reply_email.trim()))
    errors.reply_email = 'community.contact.errors.email';
  if (shown.has('order_number')) {
    const v = values.order_number.trim();
    if ((required('order_number') || v) && !ORDER_NUMBER.test(v)) {
      errors.order_number = 'community.contact.errors.orderNumber';
    }
  }
  if (required('checkout_email') && !/^\S+@\S+\.\S+$/.test(values.checkout_email.trim())) {
    errors.checkout_email = 'community.contact.errors.email';
  }
  if (required('checked_junk') && !values.checked_junk)
    errors.checked_junk = 'community.contact.errors.junk';
  if (required('received_confirmation') && !values.received_confirmation) {
    errors.received_confirmation = 'community.contact.errors.required';
  }
  if (required('other_notes') && !values.other_notes.trim())
    errors.other_notes = 'community.contact.errors.required';
  if (required('usernames') && !values.usernames.trim())
    errors.usernames = 'community.contact.errors.required';
  if (required('justification') && !values.justification.trim()) {
    errors.justification = 'community.contact.errors.required';
  }
  if (!values.captcha_token) errors.captcha_token = 'community.contact.errors.captcha';
  return errors;
}
