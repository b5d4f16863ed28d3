import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { RootShell } from './RootShell';

const routes = [
  {
    element: <RootShell />,
    children: [{ path: '*', element: <p>The page behind</p> }],
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
