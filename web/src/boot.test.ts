import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { type Boot, readBoot, seedFromBoot } from '@/boot';
import { configQuery } from '@/config/config';
import { alertsKey } from '@/features/content/queries';
import { toApiQuery } from '@/features/listings/filters';
import { HOME_QUERY, listingKeys } from '@/features/listings/queries';
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

  const LIST = { data: [{ id: 7, username: 'first.answer' }], meta: { page: 1, total: 1 } };
  const ANSWERED: Boot = {
    at: 1_700_000_000_000,
    answers: [
      // As the server names them (backend listings/firstpage.py): the app's own query values.
      { name: 'usernames', params: { app: 'snapchat', page: 1, per_page: 24 }, data: LIST },
      { name: 'usernames', params: { app: 'kik', page: 1, per_page: 8 }, data: LIST },
      { name: 'tags', params: {}, data: [{ name: 'gamer', count: 3 }] },
      { name: 'profile', params: { id: 7 }, data: { id: 7 } },
      { name: 'toString', params: {}, data: 'not a query' },
      { name: 'profile', params: { id: '7' }, data: 'not an id' },
    ],
  };

  it("puts a visitor's first answers under the keys the pages ask with", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: back to a visitor.
    document.cookie = 'addme_csrf=; path=/; max-age=0';
    const client = new QueryClient();
    seedFromBoot(client, ANSWERED);
    const listKey = listingKeys.list(toApiQuery({ app: 'snapchat' }, { page: 1 }));
    expect(client.getQueryData(listKey)).toEqual(LIST);
    expect(client.getQueryState(listKey)?.dataUpdatedAt).toBe(ANSWERED.at);
    expect(client.getQueryData(listingKeys.list(HOME_QUERY('kik')))).toEqual(LIST);
    expect(client.getQueryData(listingKeys.tags())).toEqual([{ name: 'gamer', count: 3 }]);
    expect(client.getQueryData(listingKeys.profile(7))).toEqual({ id: 7 });
    // Nothing else lands in the cache: no stray name, no id that is not a number.
    expect(client.getQueryCache().getAll()).toHaveLength(5);
  });

  it('gives a member no answer: what they see may differ from a visitor', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a member's cookie for the test.
    document.cookie = 'addme_csrf=abc; path=/';
    const client = new QueryClient();
    seedFromBoot(client, ANSWERED);
    expect(client.getQueryData(listingKeys.profile(7))).toBeUndefined();
    // biome-ignore lint/suspicious/noDocumentCookie: back to a visitor.
    document.cookie = 'addme_csrf=; path=/; max-age=0';
  });
});
