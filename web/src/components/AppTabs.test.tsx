import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppTabs } from './AppTabs';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppTabs
        allTo="/groups"
        appTo={(a) => `/${a}-groups`}
        label="Groups by app"
        className="mb-3"
      />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('AppTabs', () => {
  it('is a labelled nav with All then one link per app', () => {
    renderAt('/groups');
    const nav = screen.getByRole('navigation', { name: 'Groups by app' });
    expect(nav).toHaveClass('listing-tabs', 'mb-3');
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['All', '/groups'],
      ['Snapchat', '/snapchat-groups'],
      ['Telegram', '/telegram-groups'],
      ['Kik', '/kik-groups'],
    ]);
  });

  it('marks only the current page, "All" included', () => {
    renderAt('/groups');
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'All' })).toHaveClass('btn-accent');
    expect(screen.getByRole('link', { name: 'Kik' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Kik' })).toHaveClass('btn-outline-secondary');
  });

  it("keeps the app tab current only on the app's own page, not its sub-paths", () => {
    renderAt('/kik-groups/vip');
    for (const name of ['All', 'Snapchat', 'Telegram', 'Kik']) {
      expect(screen.getByRole('link', { name })).not.toHaveAttribute('aria-current');
    }
  });

  it('navigates when a tab is followed', () => {
    renderAt('/groups');
    fireEvent.click(screen.getByRole('link', { name: 'Telegram' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/telegram-groups');
    expect(screen.getByRole('link', { name: 'Telegram' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current');
  });
});
