import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, getToasts } from '@/toasts/toastStore';
import { reactToWalletAnswer } from './wallet';

const SORRY = 'Sorry, something went wrong.';

describe('reactToWalletAnswer', () => {
  afterEach(() => clearToasts());

  it('toasts success', () => {
    expect(reactToWalletAnswer({ success: true, message: 'Topped up.' }, SORRY)).toBe('success');
    expect(getToasts()[0]).toMatchObject({ type: 'success', message: 'Topped up.' });
  });

  it('opens the not-enough modal instead of a toast when Top-Ups are missing', () => {
    const open = vi.fn();
    const answer = { success: false, message: 'Not enough Top-Up', code: 'not_enough_topups' };
    expect(reactToWalletAnswer(answer, SORRY, open)).toBe('modal');
    expect(open).toHaveBeenCalledOnce();
    expect(getToasts()).toHaveLength(0);
  });

  it('shows other refusals as a danger toast with the server message', () => {
    const answer = { success: false, message: 'Top-Up Failed', code: 'not_approved' };
    expect(reactToWalletAnswer(answer, SORRY, vi.fn())).toBe('refused');
    expect(getToasts()[0]).toMatchObject({ type: 'danger', message: 'Top-Up Failed' });
  });

  it('says "Sorry, something went wrong." for an empty answer', () => {
    expect(reactToWalletAnswer(null, SORRY)).toBe('empty');
    expect(reactToWalletAnswer({} as never, SORRY)).toBe('empty');
    expect(getToasts().map((t) => t.message)).toEqual([SORRY, SORRY]);
  });
});
