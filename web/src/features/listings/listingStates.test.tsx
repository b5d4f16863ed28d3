import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { CountryList } from './CountryList';
import { ListingView } from './ListingView';
import { TagCloud } from './TagCloud';

/** What the page's list call answers, as TanStack Query shapes it. */
const list = {
  data: undefined as unknown,
  isPending: false,
  isError: false,
  isFetching: false,
  isPlaceholderData: false,
  error: null as unknown,
  refetch: vi.fn(),
};
let tagsFail = false;
let countriesFail = false;

vi.mock('./queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./queries')>()),
  useUsernames: () => list,
  tagsQuery: (app?: string) => ({
    queryKey: ['test-tags', app ?? 'all', tagsFail],
    queryFn: async () => {
      if (tagsFail) throw new Error('down');
      return [];
    },
  }),
  countriesQuery: {
    queryKey: ['test-countries'],
    queryFn: async () => {
      if (countriesFail) throw new Error('down');
      return [];
    },
  },
}));

const listing = (path: string) => renderRoutes([{ path: '*', element: <ListingView /> }], { path });

beforeEach(() => {
  Object.assign(list, {
    data: { data: [], meta: { page: 1, per_page: 24, total: 0, has_next: false } },
    isPending: false,
    isError: false,
    isFetching: false,
    error: null,
  });
  list.refetch.mockClear();
  tagsFail = false;
  countriesFail = false;
});

describe('listing empty and error states', () => {
  it('a search with no match names the search and offers to clear it', async () => {
    const { router } = listing('/list?q=kitty');
    const empty = screen.getByTestId('empty-state');
    expect(empty).toHaveTextContent('No usernames match “kitty”.');
    await userEvent.click(within(empty).getByRole('button', { name: 'Clear search' }));
    expect(router.state.location.search).toBe('');
  });

  it('a search with filters says the filters take part', () => {
    listing('/list?q=kitty&gender=Female');
    expect(screen.getByTestId('empty-state')).toHaveTextContent(
      'No usernames match “kitty” with these filters.',
    );
    expect(screen.getAllByRole('button', { name: 'Clear filters' }).length).toBeGreaterThan(0);
  });

  it('filters alone keep the spec wording', () => {
    listing('/snapchat-usernames?gender=Female');
    expect(screen.getByTestId('empty-state')).toHaveTextContent(
      'No usernames match these filters.',
    );
  });

  it('a failed load says so and retries, instead of an empty list', async () => {
    Object.assign(list, { data: undefined, isError: true, error: new Error('down') });
    listing('/snapchat-usernames');
    expect(screen.getByRole('alert')).toHaveTextContent('The usernames could not be loaded.');
    expect(screen.queryByTestId('empty-state')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(list.refetch).toHaveBeenCalled();
  });

  it('shows every Kik tab, the current one included', () => {
    listing('/kik-usernames/dirty');
    for (const name of ['Latest', 'VIP', 'Hottest', 'Clean', 'Dirty']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Dirty' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('tags and countries', () => {
  it('a failed tag load is not shown as "no tags yet"', async () => {
    tagsFail = true;
    renderRoutes([{ path: '/tags', element: <TagCloud /> }], { path: '/tags' });
    expect(await screen.findByText('The tags could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(/No tags yet/)).toBeNull();
  });

  it('no tags at all says what happens next and links to the lists', async () => {
    renderRoutes([{ path: '/tags', element: <TagCloud /> }], { path: '/tags?app=kik' });
    expect(await screen.findByTestId('tags-empty')).toHaveTextContent(/No tags yet/);
    expect(screen.getByRole('link', { name: 'Browse usernames' })).toHaveAttribute(
      'href',
      '/kik-usernames',
    );
  });

  it('a failed country load offers to try again', async () => {
    countriesFail = true;
    renderRoutes([{ path: '/countries', element: <CountryList /> }], { path: '/countries' });
    expect(await screen.findByText('The countries could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText(/No countries yet/)).toBeNull();
  });
});
