import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UsernameCard as Card } from '@/api/types';
import { UsernameCard } from './UsernameCard';

const base: Card = {
  id: 7,
  username: 'night.owl',
  app: 'snapchat',
  age: 27,
  gender: 'Female',
  orientation: 'Bisexual',
  type: 'Clean',
  country_code: 'IS',
  country: 'Iceland',
  tags: ['hiking', 'music', 'art', 'cats'],
  short_description: 'Night owl.',
  profile_picture: null,
  last_top_up: null,
  time_ago: '5 min ago',
  is_promoted: false,
  is_fire_pinned: false,
  promoted_reason: null,
  created_at: '2026-01-01T00:00:00Z',
  owner_verified: false,
};

function renderCard(card: Card) {
  return render(
    <MemoryRouter>
      <UsernameCard card={card} />
    </MemoryRouter>,
  );
}

describe('UsernameCard', () => {
  it('says Promoted on a paid placement, its reason in the accessible name', () => {
    renderCard({ ...base, promoted_reason: 'fire_pin', is_fire_pinned: true });
    const label = screen.getByRole('note', { name: 'Promoted: Fire Pin' });
    expect(label).toHaveTextContent('Promoted');
  });

  it('says nothing of promotion on a card placed for free', () => {
    renderCard(base);
    expect(screen.queryByText('Promoted')).toBeNull();
  });

  it('shows the essentials and links to the profile', () => {
    renderCard(base);
    const link = screen.getByRole('link', { name: 'night.owl' });
    expect(link).toHaveAttribute('href', '/username/night.owl/7');
    expect(screen.getByText('Snapchat')).toHaveClass('app-badge-snapchat');
    expect(screen.getByText('27 y/o')).toBeInTheDocument();
    expect(screen.getByText('Female')).toBeInTheDocument();
    expect(screen.getByText('IS')).toBeInTheDocument();
    expect(screen.getByText('5 min ago')).toBeInTheDocument();
    // Up to 3 tags on a card.
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText('#cats')).not.toBeInTheDocument();
  });

  it('a plain card has no VIP or flame', () => {
    renderCard(base);
    expect(screen.getByTestId('username-card')).not.toHaveClass('ucard-vip');
    expect(screen.queryByTestId('vip')).not.toBeInTheDocument();
    expect(screen.queryByTestId('fire-pinned')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'VIP member' })).not.toBeInTheDocument();
  });

  it('a VIP card is bordered and crowned', () => {
    renderCard({ ...base, is_promoted: true });
    expect(screen.getByTestId('username-card')).toHaveClass('ucard-vip');
    expect(screen.getByTestId('vip')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'VIP member' })).toBeInTheDocument();
  });

  it('a suggestion a VIP sees carries its reputation score', () => {
    renderCard({ ...base, reputation: 82 } as Card);
    expect(screen.getByTestId('reputation')).toHaveTextContent('82');
    expect(screen.getByTestId('reputation')).toHaveClass('reputation-high');
    expect(screen.getByText('Reputation 82 out of 100')).toBeInTheDocument();
  });

  it('a card without a score shows none', () => {
    renderCard({ ...base, reputation: null } as Card);
    expect(screen.queryByTestId('reputation')).not.toBeInTheDocument();
  });

  it('a Fire-Pinned card shows the flame', () => {
    renderCard({ ...base, is_fire_pinned: true });
    expect(screen.getByTestId('username-card')).toHaveClass('ucard-pinned');
    expect(screen.getByTestId('fire-pinned')).toHaveTextContent('Fire-Pinned');
    expect(screen.getByText('Pinned now')).toBeInTheDocument();
  });

  it('shows the time since the last Top-Up next to the app, and no empty tag list', () => {
    renderCard({ ...base, tags: [] });
    const badge = screen.getByText('Snapchat');
    expect(badge.nextElementSibling).toHaveTextContent('5 min ago');
    expect(screen.queryByRole('list', { name: 'Tags' })).not.toBeInTheDocument();
  });

  it('a picture gets alt text; without one, initials', () => {
    const { unmount } = renderCard({ ...base, profile_picture: '/media/a.webp' });
    expect(screen.getByRole('img', { name: 'Profile picture of night.owl' })).toBeInTheDocument();
    unmount();
    renderCard(base);
    expect(screen.getByText('NO')).toBeInTheDocument();
  });
});
