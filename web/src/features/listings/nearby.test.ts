import { describe, expect, it } from 'vitest';
import { anotherModalOpen } from '@/lib/modals';
import {
  dismissNearby,
  isNearbyDismissed,
  NEARBY_COOKIE,
  nearbyCount,
  nearbyFlag,
  shouldShowNearby,
} from './nearby';

describe('nearby-users modal', () => {
  it('raises the flag on page 2 only', () => {
    expect(nearbyFlag('2')).toBe(true);
    expect(nearbyFlag(' 2 ')).toBe(true);
    for (const page of [null, undefined, '', '1', '3', '22', '02x', 'two']) {
      expect(nearbyFlag(page)).toBe(false);
    }
  });

  it('shows only with the flag, not dismissed, and no other modal open', () => {
    expect(shouldShowNearby({ flag: true, dismissed: false, otherModalOpen: false })).toBe(true);
    expect(shouldShowNearby({ flag: false, dismissed: false, otherModalOpen: false })).toBe(false);
    expect(shouldShowNearby({ flag: true, dismissed: true, otherModalOpen: false })).toBe(false);
    expect(shouldShowNearby({ flag: true, dismissed: false, otherModalOpen: true })).toBe(false);
  });

  it('counts between 45 and 100 included', () => {
    expect(nearbyCount(() => 0)).toBe(45);
    expect(nearbyCount(() => 0.999999)).toBe(100);
    for (let i = 0; i < 200; i++) {
      const n = nearbyCount();
      expect(n).toBeGreaterThanOrEqual(45);
      expect(n).toBeLessThanOrEqual(100);
      expect(Number.isInteger(n)).toBe(true);
    }
  });

  it('remembers a dismissal in a cookie', () => {
    expect(isNearbyDismissed()).toBe(false);
    dismissNearby();
    expect(isNearbyDismissed()).toBe(true);
    expect(document.cookie).toContain(`${NEARBY_COOKIE}=1`);
  });

  it('sees another open modal in the page', () => {
    expect(anotherModalOpen()).toBe(false);
    const modal = document.createElement('div');
    modal.className = 'modal show';
    document.body.append(modal);
    expect(anotherModalOpen()).toBe(true);
    modal.remove();
  });
});
