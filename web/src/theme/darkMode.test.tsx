import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie } from '@/lib/cookies';
import { DarkModeToggle } from './DarkModeToggle';
import { parsePreference, resolveTheme } from './darkMode';
import { ThemeProvider } from './ThemeProvider';

function mockSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn().mockImplementation((query: string) => ({
      matches: dark && query.includes('dark'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dark mode', () => {
  it('resolves auto from the system, true and false regardless of it', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
    expect(resolveTheme('true', false)).toBe('dark');
    expect(resolveTheme('false', true)).toBe('light');
    expect(parsePreference('garbage')).toBe('auto');
    expect(parsePreference(null)).toBe('auto');
  });

  it('follows the system when no cookie is set', () => {
    mockSystemDark(true);
    render(
      <ThemeProvider>
        <span />
      </ThemeProvider>,
    );
    expect(document.body).toHaveClass('dark');
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
  });

  it('reads the darkModePreference cookie', () => {
    mockSystemDark(true);
    // biome-ignore lint/suspicious/noDocumentCookie: test fixture.
    document.cookie = 'darkModePreference=false; path=/';
    render(
      <ThemeProvider>
        <span />
      </ThemeProvider>,
    );
    expect(document.body).toHaveClass('light');
    expect(document.body).not.toHaveClass('dark');
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('light');
  });

  it('switching to Dark applies it at once and keeps it in the cookie', async () => {
    mockSystemDark(false);
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <DarkModeToggle />
      </ThemeProvider>,
    );
    expect(document.body).toHaveClass('light');
    await user.click(screen.getByTestId('theme-toggle'));
    await act(async () => {
      await user.click(screen.getByTestId('theme-true'));
    });
    expect(document.body).toHaveClass('dark');
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
    expect(getCookie('darkModePreference')).toBe('true');
  });
});
