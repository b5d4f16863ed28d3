import { describe, expect, it } from 'vitest';
import { looksLikeKey, normalizeKey } from './keys';

describe('normalizeKey', () => {
  it('keeps a well-formed key as it is', () => {
    expect(normalizeKey('K7QF-93XD-PL2M-8VRA')).toBe('K7QF-93XD-PL2M-8VRA');
  });

  it('upper-cases and trims what a mail client adds', () => {
    expect(normalizeKey('  k7qf-93xd-pl2m-8vra\n')).toBe('K7QF-93XD-PL2M-8VRA');
  });

  it('turns typographic dashes and underscores into dashes and drops inner spaces', () => {
    expect(normalizeKey('K7QF – 93XD — PL2M_8VRA')).toBe('K7QF-93XD-PL2M-8VRA');
  });

  it('collapses repeated and edge dashes', () => {
    expect(normalizeKey('-K7QF--93XD-')).toBe('K7QF-93XD');
  });
});

describe('looksLikeKey', () => {
  it('accepts dashed groups of letters and digits', () => {
    expect(looksLikeKey('k7qf-93xd-pl2m-8vra')).toBe(true);
  });

  it('refuses text that is not a key', () => {
    expect(looksLikeKey('hello')).toBe(false);
    expect(looksLikeKey('K7QF-93XD-PL2M-8VR!')).toBe(false);
    expect(looksLikeKey('')).toBe(false);
  });
});
