import { describe, expect, it } from 'vitest';
import { isSafeRedirect, loginUrl, safeRedirect } from './redirect';

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
