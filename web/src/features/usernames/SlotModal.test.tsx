import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { makeUser, renderRoutes } from '@/test/render';
import { SlotModal } from './SlotModal';
import type { MyUsernamesMeta } from './types';

const meta: MyUsernamesMeta = {
  add_blocked_reason: null,
  can_add: false,
  max_usernames: 1,
  usernames_count: 1,
  slot: { price: 2, state: 'purchasable', studio_upsell: false },
};

type Post = typeof api.POST;

function keyOf(call: unknown[]): string | undefined {
  const init = call[1] as { params?: { header?: Record<string, string> } } | undefined;
  return init?.params?.header?.['Idempotency-Key'];
}

describe('SlotModal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends one purchase per click intent with an Idempotency-Key, the button disabled in flight', async () => {
    const answers: Array<(value: unknown) => void> = [];
    const failures: Array<(error: unknown) => void> = [];
    const post = vi.spyOn(api, 'POST').mockImplementation(
      (() =>
        new Promise((resolve, reject) => {
          answers.push(resolve);
          failures.push(reject);
        })) as unknown as Post,
    );
    const user = makeUser({ top_ups_count: 10 });
    renderRoutes(
      [
        {
          path: '/user',
          element: <SlotModal meta={meta} show onClose={() => {}} topUps={10} />,
        },
      ],
      { path: '/user', user },
    );
    const buy = await screen.findByRole('button', { name: 'Buy a slot (2 Top-Ups)' });
    fireEvent.click(buy);
    fireEvent.click(buy);
    fireEvent.click(buy);
    await waitFor(() => expect(buy).toBeDisabled());
    fireEvent.click(buy);
    expect(post).toHaveBeenCalledTimes(1);
    const first = keyOf(post.mock.calls[0]);
    expect(first).toMatch(/^intent-[0-9a-f-]{36}$/);

    // No answer came back: a retry carries the same key, so the server cannot buy twice.
    await act(async () => failures[0](new TypeError('network down')));
    await waitFor(() => expect(buy).toBeEnabled());
    fireEvent.click(buy);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(keyOf(post.mock.calls[1])).toBe(first);

    // Answered (here refused): the next click is a new intent with a new key.
    await act(async () =>
      answers[1]({
        data: { success: false, message: 'Not enough Top-Up', code: 'not_enough_topups' },
        response: new Response(),
      }),
    );
    await waitFor(() => expect(buy).toBeEnabled());
    fireEvent.click(buy);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(3));
    expect(keyOf(post.mock.calls[2])).not.toBe(first);
  });
});
