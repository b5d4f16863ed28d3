import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_SHOWN,
  detectBrowser,
  isMobile,
  nextAnnouncement,
  nextImpressions,
  shouldShowBanner,
} from './pwa';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const ANDROID_FIREFOX = 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0';
const SAMSUNG =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0 Mobile Safari/537.36';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

describe('install instructions per browser', () => {
  it('tells Safari on iPhone, Chrome, Firefox and the others apart', () => {
    expect(detectBrowser(IPHONE)).toBe('safari');
    expect(detectBrowser(IPHONE_CHROME)).toBe('chrome');
    expect(detectBrowser(ANDROID_CHROME)).toBe('chrome');
    expect(detectBrowser(ANDROID_FIREFOX)).toBe('firefox');
    expect(detectBrowser(SAMSUNG)).toBe('other');
  });

  it('knows a phone from a desktop', () => {
    expect(isMobile(IPHONE)).toBe(true);
    expect(isMobile(ANDROID_FIREFOX)).toBe(true);
    expect(isMobile(DESKTOP_CHROME)).toBe(false);
  });
});

describe('the app banner', () => {
  const base = {
    mobile: true,
    standalone: false,
    pathname: '/list',
    impressions: 5,
    dismissed: false,
  };

  it('counts impressions up to 5 and no further', () => {
    let value: string | null = null;
    const seen: number[] = [];
    for (let i = 0; i < 7; i++) {
      const n = nextImpressions(value);
      seen.push(n);
      value = String(n);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 5, 5]);
    expect(nextImpressions('garbage')).toBe(1);
  });

  it('shows on a phone browser away from home after 5 impressions, until dismissed', () => {
    expect(shouldShowBanner(base)).toBe(true);
    expect(shouldShowBanner({ ...base, impressions: 4 })).toBe(false);
    expect(shouldShowBanner({ ...base, pathname: '/' })).toBe(false);
    expect(shouldShowBanner({ ...base, mobile: false })).toBe(false);
    expect(shouldShowBanner({ ...base, standalone: true })).toBe(false);
    expect(shouldShowBanner({ ...base, dismissed: true })).toBe(false);
  });
});

describe('the announcement modal', () => {
  it('shows at the third navigation, once', () => {
    let value: string | null = null;
    const shows: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const next = nextAnnouncement(value);
      shows.push(next.show);
      value = next.value;
    }
    expect(shows).toEqual([false, false, true, false, false]);
    expect(value).toBe(ANNOUNCEMENT_SHOWN);
  });
});
