import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import i18n from '@/i18n';
import { makeUser, renderRoutes } from '@/test/render';
import { Footer } from './Footer';

function footer(signedIn: boolean) {
  const put = vi
    .spyOn(api, 'PUT')
    .mockResolvedValue({ data: undefined, response: new Response() } as never);
  renderRoutes([{ path: '*', element: <Footer /> }], { user: signedIn ? makeUser() : null });
  return put;
}

describe('the language switch', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it("tells the server a signed-in member's language, so their mails follow it", async () => {
    const put = footer(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Français' }));
    expect(put).toHaveBeenCalledWith('/v1/user/language', { body: { language: 'fr' } });
    expect(document.cookie).toContain('i18n_redirected=fr');
  });

  it("keeps a visitor's choice in the cookie only", async () => {
    const put = footer(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Français' }));
    expect(document.cookie).toContain('i18n_redirected=fr');
    expect(put).not.toHaveBeenCalled();
  });
});
