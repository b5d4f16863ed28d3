import { describe, expect, it, vi } from 'vitest';
import { createPageViewQueue, templateOf } from './pageviews';

describe('templateOf', () => {
  it('replaces parameter values with their names', () => {
    expect(templateOf('/u/alice', { handle: 'alice' })).toBe('/u/:handle');
    expect(templateOf('/admin/stats/users', { page: 'users' })).toBe('/admin/stats/:page');
    expect(templateOf('/blog/hello%20world', { slug: 'hello world' })).toBe('/blog/:slug');
    expect(templateOf('/', {})).toBe('/');
    expect(templateOf('/media/a/b/c', { '*': 'a/b/c' })).toBe('/media/*');
  });
});

describe('the page-view queue', () => {
  it('sends the views in one batch after a pause, skipping repeats', () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const q = createPageViewQueue((body) => sent.push(body) > 0, 1000);
    q.add({ path: '/', referrer: 'https://ref.example/' });
    q.add({ path: '/' });
    q.add({ path: '/shop' });
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(sent.map((b) => JSON.parse(b))).toEqual([
      { views: [{ path: '/', referrer: 'https://ref.example/' }, { path: '/shop' }] },
    ]);
    vi.useRealTimers();
  });

  it('never sends more than 20 views in one request', () => {
    const sent: string[] = [];
    const q = createPageViewQueue((body) => sent.push(body) > 0, 60_000);
    for (let i = 0; i < 25; i++) q.add({ path: `/p${i}` });
    q.flush();
    expect(sent.map((b) => JSON.parse(b).views.length)).toEqual([20, 5]);
  });
});
