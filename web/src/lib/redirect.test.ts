import { describe, expect, it } from 'vitest';
import { isSafeRedirect, loginUrl, safeRedirect, safeReturn } from './redirect';

describe('redirect after login', () => {
  it.each([
    '/user',
    '/user/account',
    '/snapchat-usernames/gender/Female',
    '/list?q=hello&page=2',
    '/profile/42#photos',
    '/~me/@name_with-dash/%20',
    '/',
  ])('goes back to the safe relative path %s', (path) => {
    expect(isSafeRedirect(path)).toBe(true);
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    '//evil.example',
    '//evil.example/user',
    'https://evil.example/user',
    'http://evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'user',
    '',
    '/user space',
    '/user<script>',
    '/%E0%A4%A',
    '/ok?x=1\\@evil',
  ])('ignores %s and goes to /user', (path) => {
    expect(isSafeRedirect(path)).toBe(false);
    expect(safeRedirect(path)).toBe('/user');
  });

  it('ignores values that are not strings', () => {
    expect(safeRedirect(null)).toBe('/user');
    expect(safeRedirect(undefined)).toBe('/user');
    expect(safeRedirect(['/user/account'])).toBe('/user');
  });

  it('builds the login URL with the page to come back to', () => {
    expect(loginUrl('/user/account')).toBe('/auth/login?redirect=%2Fuser%2Faccount');
    expect(loginUrl('/auth/login?redirect=%2Fuser')).toBe('/auth/login');
    expect(loginUrl('//evil.example')).toBe('/auth/login');
  });
});

describe('a return address from the query string', () => {
  it.each([
    '/..//evil.example/phish',
    '/../..//evil.example',
    '/%2e%2e//evil%2eexample/phish',
    '/%2E%2E//evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2f/evil.example',
    '/%5cevil.example',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/age-verification/return',
    'javascript:alert(1)',
    'age-verification/return',
  ])('never leaves the site: %s', (value) => {
    expect(safeReturn(value)).toBeNull();
    expect(isSafeRedirect(value)).toBe(false);
  });

  it.each([
    ['/age-verification/return', '/age-verification/return'],
    ['/age-verification/return?x=1#top', '/age-verification/return?x=1#top'],
    ['/list/../user', '/user'],
  ])('keeps a path of ours (%s), resolved', (value, resolved) => {
    expect(safeReturn(value)).toBe(resolved);
  });

  it('is never fooled by a value resolved a second time', () => {
    for (const value of ['/..//evil.example', '/list/../user', '/%2e%2e/%2e%2e//x']) {
      const once = safeReturn(value);
      if (once !== null)
        expect(new URL(once, 'https://addme.example').origin).toBe('https://addme.example');
    }
  });
});
