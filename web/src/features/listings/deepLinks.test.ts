import { describe, expect, it } from 'vitest';
import { flagUrl } from '@/components/Flag';
import { messageUrl } from './deepLinks';

describe('Message deep links', () => {
  it('opens each app on the handle', () => {
    expect(messageUrl('snapchat', 'night.owl')).toBe('https://www.snapchat.com/add/night.owl');
    expect(messageUrl('telegram', 'night_owl')).toBe('https://t.me/night_owl');
    expect(messageUrl('kik', 'night.owl_2')).toBe('https://kik.me/night.owl_2');
  });

  it('never lets a handle change the link', () => {
    expect(messageUrl('telegram', ' a/../b?x=1 ')).toBe('https://t.me/a%2F..%2Fb%3Fx%3D1');
  });
});

describe('country flags', () => {
  it('serves an SVG per two-letter code, and nothing for anything else', () => {
    expect(flagUrl('fr')).toBe('/flags/fr.svg');
    expect(flagUrl('US')).toBe('/flags/us.svg');
    expect(flagUrl(null)).toBeNull();
    expect(flagUrl('USA')).toBeNull();
    expect(flagUrl('../')).toBeNull();
  });
});
