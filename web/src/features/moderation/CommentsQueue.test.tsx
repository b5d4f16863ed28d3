import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { CommentsQueue } from './CommentsQueue';
import type { CommentCase } from './queries';

const mutate = vi.fn();
const asked: string[] = [];
const base: CommentCase = {
  comment_id: 1,
  username_id: 7,
  listing_username: 'jess_snaps',
  listing_app: 'snapchat',
  text: 'Never answers, fake account',
  status: 'visible',
  held_reason: null,
  hidden: false,
  reports: ['insults the owner', ''],
  own_case: false,
  created_at: '2026-12-01T10:00:00Z',
};
const cases: CommentCase[] = [
  base,
  {
    ...base,
    comment_id: 2,
    text: 'My own comment',
    status: 'held',
    held_reason: 'burst: more than 10 comments in an hour on this listing',
    reports: [],
    own_case: true,
  },
];

vi.mock('@/components/DecisionMacroPicker', () => ({
  MIN_REASON: 10,
  DecisionMacroPicker: () => null,
}));

vi.mock('./queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./queries')>()),
  macrosQuery: () => ({ queryKey: ['test-macros'], queryFn: async () => [] }),
  commentQueueQuery: (kind: string) => ({
    queryKey: ['test-comments', kind],
    queryFn: async () => {
      asked.push(kind);
      return kind === 'held' ? cases.filter((c) => c.status === 'held') : cases;
    },
  }),
  useCommentDecision: () => ({ mutate, isPending: false }),
}));

beforeEach(() => {
  mutate.mockClear();
  asked.length = 0;
});

function page(path = '/admin/comments') {
  return renderRoutes([{ path: '/admin/comments', element: <CommentsQueue /> }], { path });
}

describe('the comment moderation queue', () => {
  it('shows the text, the listing and every reason; Keep needs 10 characters of reason', async () => {
    const user = userEvent.setup();
    page();
    const [reported] = await screen.findAllByTestId('comment-case');
    expect(within(reported).getByTestId('comment-text')).toHaveTextContent(
      'Never answers, fake account',
    );
    expect(within(reported).getByRole('link', { name: 'jess_snaps' })).toHaveAttribute(
      'href',
      '/profile/7',
    );
    expect(within(reported).getByTestId('comment-reports')).toHaveTextContent(
      '“insults the owner”No reason given',
    );
    await user.type(within(reported).getByLabelText('Reason (saved in the audit log)'), 'fine');
    await user.click(within(reported).getByRole('button', { name: 'Keep' }));
    expect(within(reported).getByRole('alert')).toHaveTextContent('at least 10 characters');
    expect(mutate).not.toHaveBeenCalled();
    await user.type(
      within(reported).getByLabelText('Reason (saved in the audit log)'),
      ' and true',
    );
    await user.click(within(reported).getByRole('button', { name: 'Keep' }));
    expect(mutate.mock.calls[0][0]).toEqual({ id: 1, action: 'dismiss', reason: 'fine and true' });
  });

  it("offers no decision on one's own case, and filters held comments from the URL", async () => {
    page('/admin/comments?kind=held');
    const [held] = await screen.findAllByTestId('comment-case');
    expect(asked).toEqual(['held']);
    expect(held).toHaveTextContent('Held for review');
    expect(held).toHaveTextContent('Held: burst');
    expect(within(held).getByTestId('own-case')).toHaveTextContent('another moderator decides');
    expect(within(held).queryByRole('button', { name: 'Keep' })).toBeNull();
    expect(within(held).queryByRole('button', { name: 'Remove' })).toBeNull();
  });
});
