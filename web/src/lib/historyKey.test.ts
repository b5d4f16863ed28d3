import { describe, expect, it } from 'vitest';
import { keyThisEntry } from '@/lib/historyKey';

function fakeHistory(initial: unknown) {
  const fake = {
    state: initial,
    replaceState: (next: unknown) => {
      fake.state = next;
    },
  };
  return fake as unknown as History;
}

describe('keyThisEntry', () => {
  it('gives each entry loaded from a URL a key of its own, so its scroll starts at the top', () => {
    const first = fakeHistory(null);
    const second = fakeHistory(null);
    keyThisEntry(first);
    keyThisEntry(second);
    const a = (first.state as { key: string }).key;
    const b = (second.state as { key: string }).key;
    expect(a).toBeTruthy();
    expect(a).not.toBe('default');
    expect(a).not.toBe(b);
  });

  it('keeps the key a reload or back/forward brings back (its position is restored)', () => {
    const history = fakeHistory({ usr: null, idx: 3, key: 'abc123' });
    keyThisEntry(history);
    expect(history.state).toEqual({ usr: null, idx: 3, key: 'abc123' });
  });
});
