import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { PagedGrid, type PagedQuery } from './PagedGrid';

type Item = { id: number; name: string };

function query(count: number): PagedQuery<Item> {
  return {
    data: {
      data: Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `member${i + 1}` })),
      meta: { has_next: false, total: count, per_page: 20 },
    },
    error: null,
    isPending: false,
    isError: false,
    isFetching: false,
    isPlaceholderData: false,
    refetch: vi.fn(),
  };
}

function grid(count: number) {
  return renderRoutes([
    {
      path: '*',
      element: (
        <PagedGrid
          query={query(count)}
          page={1}
          hrefFor={(p) => `/list?page=${p}`}
          label="Usernames"
          itemKey={(item) => item.id}
          renderItem={(item) => <span>{item.name}</span>}
          empty={<p>None</p>}
          itemTestId="item"
        />
      ),
    },
  ]);
}

describe('a paged grid on a first visit', () => {
  it("draws the first screen's cards at once and every other card right after the first paint", async () => {
    grid(20);
    // The first frame: the cards a phone's screen (and a desktop's first rows) shows.
    expect(screen.getAllByTestId('item')).toHaveLength(4);
    expect(screen.getByText('member1')).toBeInTheDocument();
    expect(screen.queryByText('member5')).not.toBeInTheDocument();
    // Then the rest, in order, in the next tasks.
    expect(await screen.findByText('member20')).toBeInTheDocument();
    expect(screen.getAllByTestId('item').map((li) => li.textContent)).toEqual(
      Array.from({ length: 20 }, (_, i) => `member${i + 1}`),
    );
  });

  it('draws a short page whole', () => {
    grid(4);
    expect(screen.getAllByTestId('item')).toHaveLength(4);
  });
});
