import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Menu, MenuButton, MenuLink } from './Menu';

function renderMenu(onAction = vi.fn()) {
  render(
    <MemoryRouter>
      <button type="button">before</button>
      <Menu id="nav-test" label="More">
        <MenuLink to="/countries">Countries</MenuLink>
        <MenuLink to="/blog">Blog</MenuLink>
        <MenuButton onClick={onAction}>Act</MenuButton>
      </Menu>
      <button type="button">after</button>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'More' });
}

const menuOf = (toggle: HTMLElement) =>
  toggle.parentElement?.querySelector('.dropdown-menu') as HTMLElement;

describe('header menu', () => {
  it('opens on click with focus on its first item, and says so', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menuOf(toggle)).not.toHaveClass('show');
    // Its links are in the page while it is closed (crawlers follow them).
    expect(menuOf(toggle).querySelectorAll('a')).toHaveLength(2);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menuOf(toggle)).toHaveClass('show');
    expect(screen.getByRole('link', { name: 'Countries' })).toHaveFocus();
  });

  it("keeps its links' addresses while closed, and following one opens the page in the app", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route
            path="*"
            element={
              <Menu id="nav-test" label="More">
                <MenuLink to="/countries">Countries</MenuLink>
              </Menu>
            }
          />
        </Routes>
        <Routes>
          <Route path="/countries" element={<p>The countries page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'More' });
    expect(menuOf(toggle).querySelector('a')).toHaveAttribute('href', '/countries');
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Countries' }));
    // A navigation inside the app (no page load in a memory router): the page is there.
    expect(await screen.findByText('The countries page')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves with the arrows without leaving, and Escape gives focus back to its button', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('link', { name: 'Countries' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Act' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: 'Blog' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('opens with ArrowDown from its button', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Countries' })).toHaveFocus();
  });

  it('closes on a click outside, on Tab out, and when an item is chosen', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const toggle = renderMenu(onAction);
    await user.click(toggle);
    fireEvent.mouseDown(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Act' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Blog' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
