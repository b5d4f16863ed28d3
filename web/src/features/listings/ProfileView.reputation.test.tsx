import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UsernameCard, UsernameProfile } from '@/api/types';
import { makeUser, renderRoutes } from '@/test/render';
import { ProfileView } from './ProfileView';

const card: UsernameCard = {
  id: 2,
  username: 'alike',
  app: 'snapchat',
  age: 25,
  gender: 'Female',
  orientation: 'Straight',
  type: 'Clean',
  country_code: 'US',
  country: 'United States',
  tags: [],
  short_description: 'Hi.',
  profile_picture: null,
  last_top_up: null,
  time_ago: '1 min ago',
  is_promoted: false,
  is_fire_pinned: false,
  promoted_reason: null,
  created_at: '2026-01-01T00:00:00Z',
  owner_verified: false,
};
let profile: UsernameProfile;
let similar: (UsernameCard & { reputation: number | null })[];

vi.mock('./queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./queries')>()),
  profileQuery: (id: number) => ({ queryKey: ['test-profile', id], queryFn: async () => profile }),
  similarQuery: (id: number) => ({ queryKey: ['test-similar', id], queryFn: async () => similar }),
  recordView: vi.fn(),
}));

const open = (user = makeUser()) =>
  renderRoutes([{ path: '*', element: <ProfileView id={1} /> }], { path: '/username/x/1', user });

beforeEach(() => {
  profile = {
    ...card,
    id: 1,
    username: 'base_one',
    description: 'Hello.',
    link: null,
    link_type: null,
    paid_content: false,
    reputation: null,
    is_owner: false,
  };
  similar = [{ ...card, reputation: null }];
});

describe('reputation scores and suggestions on a profile', () => {
  it('a member sees no score and is told what VIP adds', async () => {
    open();
    expect(await screen.findByTestId('more-suggestions')).toHaveTextContent(
      'VIP members get three times as many suggestions',
    );
    expect(screen.getByRole('link', { name: 'Become VIP' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByTestId('reputation')).not.toBeInTheDocument();
  });

  it('a VIP sees the scores the server sent and no offer', async () => {
    profile.reputation = 35;
    similar = [{ ...card, reputation: 90 }];
    open(makeUser({ is_promoted: true }));
    expect(await screen.findByText('35/100')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Reputation' })).toHaveAttribute('value', '35');
    expect(await screen.findByText('Reputation 90 out of 100')).toBeInTheDocument();
    expect(screen.queryByTestId('more-suggestions')).not.toBeInTheDocument();
  });
});
