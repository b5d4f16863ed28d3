import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { AdminList, type ListQuery } from './AdminList';
import { FilterBar } from './FilterBar';
import { useListParams } from './useListParams';

type Row = { id: number; name: string };
const FILTERS = ['all', 'visible', 'hidden'] as const;

/** A table page as the catalogue's are built: the URL's search, filter and page, then the rows. */
function TablePage({
  query,
  items,
  meta,
}: {
  query: ListQuery;
  items: Row[] | undefined;
  meta?: { total: number; has_next: boolean };
}) {
  const params = useListParams({ key: 'show', values: FILTERS });
  return (
    <>
      <FilterBar
        label="Search tags"
        initial={params.q}
        onSearch={params.search}
        filter={{
          label: 'Which tags',
          value: params.filter,
          values: FILTERS,
          text: (f) => `Only ${f}`,
          onChange: params.setFilter,
        }}
      />
      <AdminList
        query={query}
        items={items}
        loadError="This could not be loaded."
        empty="No tag matches."
        testId="rows"
        row={(r) => <li key={r.id}>#{r.name}</li>}
        pager={{ page: params.page, meta, label: 'Tags', onPage: params.setPage }}
      />
    </>
  );
}

const idle: ListQuery = { isError: false, isFetching: false, refetch: () => undefined };

function show(props: Parameters<typeof TablePage>[0], path = '/admin/tags') {
  return renderRoutes([{ path: '/admin/tags', element: <TablePage {...props} /> }], { path });
}

describe('an admin table', () => {
  it('shows the empty text, not an empty list, when nothing matches', () => {
    show({ query: idle, items: [] });
    expect(screen.getByText('No tag matches.')).toBeVisible();
    expect(screen.queryByTestId('rows')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Tags' })).toBeNull();
  });

  it('shows the load error with a retry that asks again, and no empty text', async () => {
    const refetch = vi.fn();
    show({ query: { isError: true, isFetching: false, refetch }, items: undefined });
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('This could not be loaded.');
    expect(screen.queryByText('No tag matches.')).toBeNull();
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the rows and a pager that moves to the next page, keeping the search', async () => {
    const { router } = show(
      { query: idle, items: [{ id: 1, name: 'beach' }], meta: { total: 60, has_next: true } },
      '/admin/tags?q=be',
    );
    expect(within(screen.getByTestId('rows')).getByText('#beach')).toBeVisible();
    const pager = screen.getByRole('navigation', { name: 'Tags' });
    expect(pager).toHaveTextContent('Page 1 · 60 in all');
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?q=be&page=2');
  });

  it('has no pager when one page holds every row', () => {
    show({ query: idle, items: [{ id: 1, name: 'beach' }], meta: { total: 1, has_next: false } });
    expect(screen.queryByRole('navigation', { name: 'Tags' })).toBeNull();
  });

  it('keeps the search and the filter in the URL, and a new one goes back to page 1', async () => {
    const user = userEvent.setup();
    const { router } = show({ query: idle, items: [] }, '/admin/tags?page=3');
    await user.type(screen.getByRole('textbox', { name: 'Search tags' }), '  beach {Enter}');
    expect(router.state.location.search).toBe('?q=beach');
    const filter = screen.getByRole('combobox', { name: 'Which tags' });
    await user.selectOptions(filter, 'Only hidden');
    expect(router.state.location.search).toBe('?q=beach&show=hidden');
    // The default filter is not written in the URL.
    await user.selectOptions(filter, 'Only all');
    expect(router.state.location.search).toBe('?q=beach');
  });

  it('reads an unknown filter in the URL as the default one', () => {
    show({ query: idle, items: [] }, '/admin/tags?show=nonsense');
    expect(screen.getByRole('combobox', { name: 'Which tags' })).toHaveValue('all');
  });
});
