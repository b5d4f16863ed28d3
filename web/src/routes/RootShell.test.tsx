import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PagedGrid, type PagedQuery } from '@/components/PagedGrid';
import { renderRoutes } from '@/test/render';
import { RootShell } from './RootShell';

const list: PagedQuery<number> = {
  data: {
    data: Array.from({ length: 20 }, (_, i) => i + 1),
    meta: { has_next: false, total: 20, per_page: 20 },
  },
  error: null,
  isPending: false,
  isError: false,
  isFetching: false,
  isPlaceholderData: false,
  refetch: () => undefined,
};

function PageBehind() {
  return (
    <>
      <p>The page behind</p>
      <PagedGrid
        query={list}
        page={1}
        hrefFor={(p) => `/list?page=${p}`}
        label="Usernames"
        itemKey={(n) => n}
        renderItem={(n) => <span>card {n}</span>}
        empty={null}
        itemTestId="card"
      />
    </>
  );
}

const routes = [
  {
    element: <RootShell />,
    children: [{ path: '*', element: <PageBehind /> }],
  },
];

// The first test of the file is a visit's first view (lib/later keeps that it has settled).
describe("a visit's first frame", () => {
  it('is the age gate for a first-time visitor, and the page behind it comes right after', async () => {
    renderRoutes(routes, { path: '/snapchat-usernames' });
    expect(screen.getByRole('dialog')).toHaveTextContent('Adults only');
    expect(screen.queryByText('The page behind')).not.toBeInTheDocument();
    expect(await screen.findByText('The page behind')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // The page behind the gate is a first view too: its list comes a few cards per task.
    expect(screen.getAllByTestId('card')).toHaveLength(4);
    expect(await screen.findByText('card 20')).toBeInTheDocument();
  });

  it('is the page itself for a visitor who answered the gate', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test fixture.
    document.cookie = 'ageVerified=true; path=/';
    renderRoutes(routes, { path: '/snapchat-usernames' });
    expect(screen.getByText('The page behind')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is the page itself where there is no gate', () => {
    renderRoutes(routes, { path: '/' });
    expect(screen.getByText('The page behind')).toBeInTheDocument();
  });
});
