import { describe, expect, it } from 'vitest';
import { safeHref } from './adRules';

describe('ad links', () => {
  it('ad links are http(s) only', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://ads.example/x')).toBe('https://ads.example/x');
  });
});
