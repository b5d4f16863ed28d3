import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorFromBody } from '@/api/errors';
import i18n from '@/i18n';
import { clearToasts, getToasts } from '@/toasts/toastStore';
import { reactToWalletAnswer, refusalAnswer, waitText } from './wallet';

const t = i18n.t;
const SORRY = 'Sorry, something went wrong.';

describe('reactToWalletAnswer', () => {
  afterEach(async () => {
    clearToasts();
    await i18n.changeLanguage('en');
  });

  it('toasts success', () => {
    expect(reactToWalletAnswer({ success: true, message: 'Topped up.' }, { t })).toBe('success');
    expect(getToasts()[0]).toMatchObject({ type: 'success', message: 'Topped up.' });
  });

  it('opens the not-enough modal instead of a toast when Top-Ups are missing', () => {
    const openModal = vi.fn();
    const answer = { success: false, message: 'Not enough Top-Up', code: 'not_enough_topups' };
    expect(reactToWalletAnswer(answer, { t, openModal })).toBe('modal');
    expect(openModal).toHaveBeenCalledOnce();
    expect(getToasts()).toHaveLength(0);
  });

  it('words a refusal by its code and the action, in the reader’s language', async () => {
    const answer = { success: false, message: 'Top-Up Failed', code: 'not_approved' };
    expect(reactToWalletAnswer(answer, { t, action: 'firePin', openModal: vi.fn() })).toBe(
      'refused',
    );
    expect(getToasts()[0]).toMatchObject({ type: 'danger', message: 'Fire Pin Failed' });
    await i18n.changeLanguage('fr');
    reactToWalletAnswer({ success: false, message: 'x', code: 'in_progress' }, { t });
    expect(getToasts()[1]?.message).toBe('Cet achat est déjà en cours de traitement.');
  });

  it('keeps the server message for a code it has no words for', () => {
    const answer = { success: false, message: 'Top-Up Failed', code: 'not_approved' };
    reactToWalletAnswer(answer, { t });
    reactToWalletAnswer({ success: false, message: 'Something new.', code: 'brand_new' }, { t });
    expect(getToasts().map((toast) => toast.message)).toEqual(['Top-Up Failed', 'Something new.']);
  });

  it('writes the wait of a too-soon refusal from next_at, as the server does', () => {
    const nextAt = new Date(Date.now() + (2 * 60 + 5) * 60_000 - 30_000).toISOString();
    reactToWalletAnswer(
      { success: false, message: 'server words', code: 'too_soon', next_at: nextAt },
      { t },
    );
    expect(getToasts()[0]?.message).toBe('Your next free Top-Up is available in 2 h 05 min.');
    // Without next_at the wait is unknown: the server's own words say it.
    reactToWalletAnswer({ success: false, message: 'server words', code: 'too_soon' }, { t });
    expect(getToasts()[1]?.message).toBe('server words');
  });

  it('says "Sorry, something went wrong." for an empty answer', () => {
    expect(reactToWalletAnswer(null, { t })).toBe('empty');
    expect(reactToWalletAnswer({} as never, { t })).toBe('empty');
    // The same message twice is one toast (toasts: one error shows once).
    expect(getToasts().map((toast) => toast.message)).toEqual([SORRY]);
  });
});

describe('a wallet refusal sent as an error status', () => {
  it('reads as the same answer, next_at included', () => {
    const error = apiErrorFromBody(400, {
      message: 'Your next free Top-Up is available in 5 min.',
      errors: {},
      code: 'too_soon',
      next_at: '2030-01-01T00:05:00Z',
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(refusalAnswer(error)).toEqual({
      success: false,
      message: 'Your next free Top-Up is available in 5 min.',
      code: 'too_soon',
      next_at: '2030-01-01T00:05:00Z',
    });
  });

  it('writes waits in hours and minutes, never less than a minute', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(waitText('2030-01-01T00:00:10Z', now)).toBe('1 min');
    expect(waitText('2030-01-01T00:59:00Z', now)).toBe('59 min');
    expect(waitText('2030-01-01T08:00:00Z', now)).toBe('8 h 00 min');
    expect(waitText(null, now)).toBeNull();
  });
});
