import { describe, expect, it } from 'vitest';
import { isLookUp, readTrackerSearch } from './queries';

describe('the tracker look-up read from the address bar', () => {
  it('keeps the filled fields, trimmed, and the page past the first', () => {
    const search = readTrackerSearch(
      new URLSearchParams('ip=%20203.0.113.9%20&username=sunny&user=&day=2026-11-25&page=3'),
    );
    expect(search).toEqual({
      per_page: 25,
      ip: '203.0.113.9',
      username: 'sunny',
      day: '2026-11-25',
      page: 3,
    });
    expect(isLookUp(search)).toBe(true);
  });

  it('drops a malformed day and a bad page: the whole log, newest first', () => {
    const search = readTrackerSearch(new URLSearchParams('day=yesterday&page=-2'));
    expect(search).toEqual({ per_page: 25 });
    expect(isLookUp(search)).toBe(false);
  });
});
