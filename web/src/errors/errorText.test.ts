import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorFromBody, reactionFor } from '@/api/errors';
import i18n from '@/i18n';
import { errorText, isWorded, SERVER_WORDED } from './errorText';

const t = i18n.t;

describe('errorText: what a user reads for a refusal', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('gives the web’s own words for a code, in English and in French', async () => {
    const refusal = { code: 'already_member', message: 'server words' };
    expect(errorText(refusal, t)).toBe('You are already a member of this group.');
    await i18n.changeLanguage('fr');
    expect(errorText(refusal, t)).toBe('Vous êtes déjà membre de ce groupe.');
  });

  it('falls back to the server’s message for a code it has no words for, then to a default', () => {
    expect(errorText({ code: 'brand_new_code', message: 'New refusal.' }, t)).toBe('New refusal.');
    expect(errorText({ message: 'No code at all.' }, t)).toBe('No code at all.');
    expect(errorText({ code: null, message: '' }, t, { fallback: 'Fallback.' })).toBe('Fallback.');
    expect(errorText({}, t)).toBe('Your request could not be completed.');
  });

  it('keeps the server’s words for codes whose text only the server knows', () => {
    // `banned` carries the ban's end and reason: only the server can say them.
    expect(errorText({ code: 'banned', message: 'Banned until Monday.' }, t)).toBe(
      'Banned until Monday.',
    );
  });

  it('lets a call word a code in its own context', async () => {
    const refusal = { code: 'email_unconfirmed', message: 'server words' };
    const context = { email_unconfirmed: 'auth.unconfirmed' };
    await i18n.changeLanguage('fr');
    expect(errorText(refusal, t, { context })).toBe(
      'Vous devez confirmer votre adresse e-mail avant de vous connecter. Vérifiez vos courriers indésirables et spams.',
    );
    // A context function that lacks what its text needs leaves the server's words.
    expect(errorText(refusal, t, { context: { email_unconfirmed: () => null } })).toBe(
      'server words',
    );
  });

  it('says how long to wait after too many attempts, from Retry-After', () => {
    const limited = apiErrorFromBody(429, { message: 'Too many.', code: 'rate_limited' }, '90');
    expect(errorText(limited, t)).toBe('Too many attempts. Please try again in 2 minutes.');
    const unknownWait = apiErrorFromBody(429, { message: 'Too many.', code: 'rate_limited' });
    expect(errorText(unknownWait, t)).toBe('Too many.');
  });

  it('never both words a code and leaves it to the server', () => {
    expect(SERVER_WORDED.filter((code) => isWorded(code))).toEqual([]);
  });

  it('is what the app-wide toast says', async () => {
    await i18n.changeLanguage('fr');
    const reaction = reactionFor(
      apiErrorFromBody(409, { message: 'This key has already been applied.', code: 'key_used' }),
      t,
    );
    expect(reaction.toast?.message).toBe('Cette clé a déjà été utilisée.');
  });

  it('opens the not-enough-Top-Ups modal rather than only toasting, by its code', () => {
    const reaction = reactionFor(
      apiErrorFromBody(400, { message: 'Not enough Top-Up', code: 'not_enough_topups' }),
      t,
    );
    expect(reaction.notEnoughTopUps).toBe(true);
  });
});
