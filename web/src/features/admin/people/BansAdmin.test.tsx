import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { BansAdmin } from './BansAdmin';
import type { BanAction, BanLookupRow } from './queries';

const mutate = vi.fn();
const lookups: string[] = [];
const found: BanLookupRow[] = [
  {
    id: 42,
    email_masked: 'j***@example.com',
    handle: 'jess_snaps',
    app: 'snapchat',
    staff: false,
    banned: false,
  },
];

vi.mock('@/components/DecisionMacroPicker', () => ({
  MIN_REASON: 10,
  DecisionMacroPicker: () => null,
}));

vi.mock('./queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./queries')>()),
  bansQuery: { queryKey: ['test-bans'], queryFn: async () => [] },
  banLookupQuery: (q: string) => ({
    queryKey: ['test-lookup', q],
    queryFn: async () => {
      lookups.push(q);
      return q === 'jess' ? found : [];
    },
    enabled: q.length > 0,
  }),
  useBan: () => ({ mutate, isPending: false }),
  useLiftBan: () => ({ mutate: vi.fn(), isPending: false }),
}));

function page() {
  renderRoutes([{ path: '/admin/ban', element: <BansAdmin /> }], { path: '/admin/ban' });
  return screen.getByRole('form', { name: 'Ban an account' });
}

beforeEach(() => {
  mutate.mockClear();
  lookups.length = 0;
});

describe('the ban page', () => {
  it('finds an account by handle, fills the form with it, and sends a 0-hour warning', async () => {
    const user = userEvent.setup();
    const form = page();
    const search = within(form).getByLabelText('Find the account');
    // Enter searches; it does not submit the ban.
    await user.type(search, 'jess{Enter}');
    expect(mutate).not.toHaveBeenCalled();
    const results = await within(form).findByTestId('lookup-results');
    expect(lookups).toEqual(['jess']);
    await user.click(within(results).getByRole('button', { name: /j\*\*\*@example\.com/ }));
    expect(within(form).getByLabelText('Account id')).toHaveValue('42');
    expect(within(form).getByTestId('lookup-picked')).toHaveTextContent('jess_snaps');
    expect(within(form).queryByTestId('lookup-results')).toBeNull();

    await user.selectOptions(within(form).getByLabelText('Duration'), '0 hours: a warning only');
    expect(within(form).getByTestId('zero-hint')).toHaveTextContent('no ban stays in force');
    await user.type(
      within(form).getByLabelText('Reason the member will see'),
      'Asking for money in messages.',
    );
    await user.click(within(form).getByRole('button', { name: 'Send the warning' }));
    expect(mutate).toHaveBeenCalledTimes(1);
    expect(mutate.mock.calls[0][0] satisfies BanAction).toEqual({
      kind: 'user',
      id: 42,
      hours: 0,
      reason: 'Asking for money in messages.',
    });
  });

  it('says when no account matches', async () => {
    const user = userEvent.setup();
    const form = page();
    await user.type(within(form).getByLabelText('Find the account'), 'nobody@example.com');
    await user.click(within(form).getByRole('button', { name: 'Find' }));
    expect(await within(form).findByTestId('lookup-empty')).toHaveTextContent('No account matches');
  });

  it('takes 0 typed hours on a username but never on an IP range', async () => {
    const user = userEvent.setup();
    page();
    const username = screen.getByRole('form', { name: 'Ban a username' });
    await user.selectOptions(within(username).getByLabelText('Duration'), 'Hours');
    const hours = within(username).getByRole('spinbutton', { name: 'Hours' });
    expect(hours).toHaveAttribute('min', '0');
    await user.clear(hours);
    await user.type(hours, '0');
    expect(within(username).getByTestId('zero-hint')).toHaveTextContent('unbanned at once');
    const ip = screen.getByRole('form', { name: 'Ban an IP or a range' });
    const options = within(within(ip).getByLabelText('Duration')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).not.toContain('0 hours: a warning only');
    await user.selectOptions(within(ip).getByLabelText('Duration'), 'Hours');
    expect(within(ip).getByRole('spinbutton', { name: 'Hours' })).toHaveAttribute('min', '1');
  });
});
