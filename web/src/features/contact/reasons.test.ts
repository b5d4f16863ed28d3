import { describe, expect, it } from 'vitest';
import { CONTACT_REASONS } from '@/config/options';
import {
  type ContactValues,
  contactBody,
  EMPTY_CONTACT,
  fieldsFor,
  validateContact,
} from './reasons';

const base: ContactValues = {
  ...EMPTY_CONTACT,
  reply_email: 'me@example.com',
  captcha_token: 'local-captcha-ok',
};

describe('contact reasons', () => {
  it('lists the spec reasons', () => {
    expect([...CONTACT_REASONS].sort()).toEqual(
      [
        'ageverification',
        'blocktx',
        'nokey',
        'usernamelists',
        'profileviolation',
        'disputeban',
        'accounthopping',
        'general',
        'vpnaccess',
        'frozenorder',
      ].sort(),
    );
  });

  it('maps each reason to its own fields', () => {
    expect(fieldsFor('nokey')).toEqual([
      'order_number',
      'checkout_email',
      'checked_junk',
      'received_confirmation',
      'pasted_content',
    ]);
    expect(fieldsFor('usernamelists')).toEqual(['usernames']);
    expect(fieldsFor('disputeban')).toEqual(['usernames', 'justification']);
    expect(fieldsFor('general')).toContain('other_notes');
    expect(fieldsFor('blocktx')).not.toContain('usernames');
  });

  it('sends only the fields of the chosen reason', () => {
    const body = contactBody({
      ...base,
      reason: 'blocktx',
      order_number: '#12345',
      checkout_email: 'pay@example.com',
      usernames: 'left, over',
      other_notes: 'ignored',
    });
    expect(body).toMatchObject({ reason: 'blocktx', order_number: '12345', other_notes: '' });
    expect(body).not.toHaveProperty('usernames');
  });

  it('splits usernames and drops the @', () => {
    const body = contactBody({ ...base, reason: 'usernamelists', usernames: '@one, two  three' });
    expect(body.usernames).toEqual(['one', 'two', 'three']);
  });

  it('checks the order number is 5 digits and the junk box for missing keys', () => {
    const errors = validateContact({ ...base, reason: 'nokey', order_number: '1234' });
    expect(errors.order_number).toBe('community.contact.errors.orderNumber');
    expect(errors.checked_junk).toBe('community.contact.errors.junk');
    expect(errors.received_confirmation).toBeDefined();
    expect(
      validateContact({
        ...base,
        reason: 'nokey',
        order_number: '12345',
        checkout_email: 'a@b.co',
        checked_junk: true,
        received_confirmation: 'no',
      }),
    ).toEqual({});
  });

  it('requires the captcha', () => {
    expect(validateContact({ ...base, other_notes: 'x', captcha_token: '' }).captcha_token).toBe(
      'community.contact.errors.captcha',
    );
  });
});
