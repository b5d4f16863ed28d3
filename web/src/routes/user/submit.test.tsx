import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyUsernamesMeta } from '@/features/usernames/types';
import { makeUser, renderRoutes } from '@/test/render';
import { Component as SubmitPage } from './submit';

let meta: MyUsernamesMeta;

vi.mock('@/api/myUsernames', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/myUsernames')>()),
  myUsernamesQuery: {
    queryKey: ['test-submit-my-usernames'],
    queryFn: async () => ({ data: [], meta }),
  },
}));

function renderSubmit(overrides: Partial<ReturnType<typeof makeUser>> = {}) {
  const user = makeUser({
    usernames_count: meta.usernames_count,
    max_usernames: meta.max_usernames,
    ...overrides,
  });
  return renderRoutes([{ path: '/user/submit', element: <SubmitPage /> }], {
    path: '/user/submit',
    user,
  });
}

describe('/user/submit', () => {
  beforeEach(() => {
    meta = {
      usernames_count: 0,
      max_usernames: 1,
      can_add: true,
      add_blocked_reason: null,
      slot: { state: 'purchasable', price: 2, studio_upsell: false },
    };
  });

  it('shows the form to a member who can add a username', async () => {
    renderSubmit();
    expect(await screen.findByRole('button', { name: 'Submit username' })).toBeInTheDocument();
    expect(screen.queryByTestId('submit-at-limit')).toBeNull();
  });

  it('tells a member at the limit why, and offers a slot, instead of a form they cannot send', async () => {
    meta = { ...meta, usernames_count: 1, max_usernames: 1 };
    renderSubmit();
    const notice = await screen.findByTestId('submit-at-limit');
    expect(notice).toHaveTextContent('You are using 1 of your 1 username slots.');
    expect(screen.queryByRole('button', { name: 'Submit username' })).toBeNull();
    const options = screen.getByRole('button', { name: 'See my options' });
    await waitFor(() => expect(options).toBeEnabled());
    fireEvent.click(options);
    expect(await screen.findByText('Buy a slot for 2 Top-Ups.')).toBeInTheDocument();
  });

  it('says when the next username can be added during the 24-hour wait', async () => {
    meta = {
      ...meta,
      can_add: false,
      add_blocked_reason: 'You can add a new username in 5 hours.',
    };
    renderSubmit();
    expect(await screen.findByTestId('submit-blocked')).toHaveTextContent(
      'You can add a new username in 5 hours.',
    );
    expect(screen.queryByRole('button', { name: 'Submit username' })).toBeNull();
  });
});
