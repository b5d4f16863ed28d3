import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { verificationBrowser } from '@/session/ageVerification';
import { renderRoutes } from '@/test/render';
import { Component as Simulator } from './simulator';

const ok = { response: new Response(null, { status: 200 }), data: {}, error: undefined };

async function passWith(returnValue: string): Promise<string> {
  vi.spyOn(api, 'GET').mockResolvedValue(ok as never);
  vi.spyOn(api, 'POST').mockResolvedValue(ok as never);
  const go = vi.spyOn(verificationBrowser, 'go').mockImplementation(() => {});
  renderRoutes([{ path: '/age-verification/simulator', element: <Simulator /> }], {
    path: `/age-verification/simulator?session=sim_1&return=${encodeURIComponent(returnValue)}`,
  });
  fireEvent.click(await screen.findByText('Pass: I am an adult'));
  await waitFor(() => expect(go).toHaveBeenCalled());
  return go.mock.calls[0][0];
}

describe('the local age-verification simulator', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    '/..//evil.example/phish',
    '/%2e%2e//evil%2eexample/phish',
    '//evil.example',
    'https://evil.example/age-verification/return',
  ])('goes back to this site only, whatever the return says (%s)', async (value) => {
    const target = await passWith(value);
    expect(target).toBe('/age-verification/return?session=sim_1');
    expect(new URL(target, 'https://addme.example').origin).toBe('https://addme.example');
  });

  it('follows a same-site return path', async () => {
    expect(await passWith('/age-verification/return?from=list')).toBe(
      '/age-verification/return?from=list&session=sim_1',
    );
  });
});
