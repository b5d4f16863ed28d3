import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { type Boot, readBoot, seedFromBoot } from '@/boot';
import { configQuery } from '@/config/config';
import { alertsKey } from '@/features/content/queries';
import { userKey } from '@/session/session';

function page(json: string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'addme-boot';
  el.textContent = json;
  document.head.append(el);
}

const BOOT: Boot = {
  config: { site_name: 'KikFinder', default_app: 'kik', maintenance: false },
  alerts: [
    {
      id: 3,
      spots: ['global'],
      type: 'info',
      text: 'Hello',
      html: '',
      script: '',
      icon: null,
      classes: null,
      style: null,
      dismissible: true,
    },
  ],
  at: 1_700_000_000_000,
};

afterEach(() => {
  document.getElementById('addme-boot')?.remove();
});

describe('boot data', () => {
  it('is read from the page, and a page without it (or with a broken one) gives none', () => {
    expect(readBoot()).toEqual({});
    page('{not json');
    expect(readBoot()).toEqual({});
    document.getElementById('addme-boot')?.remove();
    page(JSON.stringify(BOOT));
    expect(readBoot()).toEqual(BOOT);
  });

  it('gives a visitor the config, the alerts and "signed out" without a request', () => {
    const client = new QueryClient();
    seedFromBoot(client, BOOT);
    expect(client.getQueryData(configQuery.queryKey)).toMatchObject({
      site_name: 'KikFinder',
      default_app: 'kik',
      captcha: { provider: 'none', site_key: null },
    });
    expect(client.getQueryState(configQuery.queryKey)?.dataUpdatedAt).toBe(BOOT.at);
    expect(client.getQueryData(alertsKey)).toEqual(BOOT.alerts);
    expect(client.getQueryData(userKey)).toBeNull();
  });

  it('leaves a member (CSRF cookie set) to ask who is signed in', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a member's cookie for the test.
    document.cookie = 'addme_csrf=abc; path=/';
    const client = new QueryClient();
    seedFromBoot(client, BOOT);
    expect(client.getQueryState(userKey)).toBeUndefined();
    expect(client.getQueryData(alertsKey)).toEqual(BOOT.alerts);
  });
});
