import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie } from '@/lib/cookies';
import { browser, shouldShowAgeGate } from '@/session/ageGate';
import { makeUser, renderRoutes } from '@/test/render';
import { AgeGate } from './AgeGate';

const routes = [{ path: '*', element: <AgeGate /> }];

afterEach(() => vi.restoreAllMocks());

describe('age gate', () => {
  it('is shown to a visitor on a listing page', async () => {
    renderRoutes(routes, { path: '/snapchat-usernames' });
    expect(await screen.findByRole('dialog')).toHaveTextContent('Adults only');
    expect(screen.getByText(/November 6, 2024/)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it.each(['/', '/terms'])('is not shown on %s', (path) => {
    renderRoutes(routes, { path });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown to a signed-in member', () => {
    renderRoutes(routes, { path: '/snapchat-usernames', user: makeUser() });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown again once the visitor agreed (cookie)', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test fixture.
    document.cookie = 'ageVerified=true; path=/';
    renderRoutes(routes, { path: '/tags' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('I Agree closes it and remembers the answer in the ageVerified cookie', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/help' });
    await user.click(await screen.findByRole('button', { name: 'I Agree' }));
    expect(getCookie('ageVerified')).toBe('true');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('I Disagree leaves the site', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/help' });
    await user.click(await screen.findByRole('button', { name: 'I Disagree' }));
    expect(go).toHaveBeenCalledWith('https://www.google.com');
    expect(getCookie('ageVerified')).toBeNull();
  });

  it('cannot be dismissed with Escape', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/help' });
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('treats a trailing slash like the path itself', () => {
    expect(shouldShowAgeGate({ pathname: '/terms/', signedIn: false, confirmed: false })).toBe(
      false,
    );
  });
});
