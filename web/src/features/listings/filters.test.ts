import { describe, expect, it } from 'vitest';
import {
  filtersFromSearch,
  hasActiveFilters,
  listingPaths,
  lockedKeys,
  scopeFromPath,
  searchFromFilters,
  toApiQuery,
  withFilter,
  withPage,
} from './filters';

const qs = (s: string) => new URLSearchParams(s);

describe('listing paths', () => {
  it('reads what each path fixes', () => {
    expect(scopeFromPath('/list')).toEqual({});
    expect(scopeFromPath('/snapchat-usernames')).toEqual({ app: 'snapchat' });
    expect(scopeFromPath('/telegram-usernames/vip')).toEqual({ app: 'telegram', vip: true });
    expect(scopeFromPath('/kik-usernames/hottest')).toEqual({ app: 'kik', order: 'popular' });
    expect(scopeFromPath('/snapchat-usernames/gender/Female')).toEqual({
      app: 'snapchat',
      gender: 'Female',
    });
    expect(scopeFromPath('/kik-usernames/orientation/Gay')).toEqual({
      app: 'kik',
      orientation: 'Gay',
    });
    expect(scopeFromPath('/kik-usernames/dirty')).toEqual({ app: 'kik', type: 'Dirty' });
    expect(scopeFromPath('/kik-usernames/clean')).toEqual({ app: 'kik', type: 'Clean' });
    expect(scopeFromPath('/tags/gym')).toEqual({ tag: 'gym' });
    expect(scopeFromPath('/telegram-usernames/tags/night%20owl')).toEqual({
      app: 'telegram',
      tag: 'night owl',
    });
    expect(scopeFromPath('/countries/fr')).toEqual({ country: 'FR' });
  });

  it('refuses what does not exist (the page shows a 404)', () => {
    for (const path of [
      '/',
      '/list/extra',
      '/myspace-usernames',
      '/snapchat-usernames/dirty',
      '/snapchat-usernames/gender/Robot',
      '/snapchat-usernames/orientation/Any',
      '/snapchat-usernames/vip/extra',
      '/countries/FRA',
    ]) {
      expect(scopeFromPath(path)).toBeNull();
    }
  });

  it('every declared route path parses', () => {
    for (const path of listingPaths()) {
      const concrete = `/${path}`
        .replace(':gender', 'Male')
        .replace(':orientation', 'Straight')
        .replace(':tag', 'gym')
        .replace(':code', 'CA');
      expect(scopeFromPath(concrete), concrete).not.toBeNull();
    }
    expect(listingPaths()).toContain('kik-usernames/dirty');
    expect(listingPaths()).not.toContain('snapchat-usernames/dirty');
  });
});

describe('filters and the URL', () => {
  it('round-trips through the query string', () => {
    const search = qs(
      'gender=Female&orientation=Bisexual&country=is&tag=gym&vip=1&has_tag=1&q=owl&page=3',
    );
    const filters = filtersFromSearch(search);
    expect(filters).toEqual({
      gender: 'Female',
      orientation: 'Bisexual',
      country: 'IS',
      tag: 'gym',
      vip: true,
      has_tag: true,
      q: 'owl',
      page: 3,
    });
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
  });

  it('ignores invalid values and leaves defaults out of links', () => {
    expect(filtersFromSearch(qs('gender=Robot&country=France&page=-2&vip=0&q=%20'))).toEqual({
      page: 1,
    });
    expect(searchFromFilters({ page: 1 }).toString()).toBe('');
  });

  it('a filter change goes back to page 1; clearing removes the key', () => {
    const start = { page: 4, gender: 'Male' as const };
    expect(withFilter(start, 'country', 'CA')).toEqual({ page: 1, gender: 'Male', country: 'CA' });
    expect(withFilter(start, 'gender', '')).toEqual({ page: 1 });
    expect(withPage(start, 2).page).toBe(2);
    expect(hasActiveFilters({ page: 3 })).toBe(false);
    expect(hasActiveFilters({ page: 1, q: 'x' })).toBe(true);
  });

  it('the path wins over the query, and locks its filters', () => {
    const scope = {
      app: 'snapchat' as const,
      gender: 'Female' as const,
      order: 'popular' as const,
    };
    const query = toApiQuery(scope, { page: 2, gender: 'Male', country: 'US' });
    expect(query).toEqual({
      app: 'snapchat',
      gender: 'Female',
      country: 'US',
      order: 'popular',
      page: 2,
      per_page: 24,
    });
    expect([...lockedKeys(scope)]).toEqual(['gender']);
    expect(toApiQuery({ app: 'kik', type: 'Dirty' }, { page: 1 }).type).toBe('Dirty');
    expect(toApiQuery({ app: 'kik', vip: true }, { page: 1 }).vip).toBe(true);
    expect(toApiQuery({ app: 'kik' }, { page: 1, has_tag: true }).has_tag).toBe(true);
    expect(toApiQuery({ tag: 'gym' }, { page: 1, has_tag: true }).has_tag).toBeUndefined();
  });
});
