import { describe, expect, it } from 'vitest';
import { decimalsFor, formatCoarseLocation, roundForUpload } from './location';

describe('coarse location display', () => {
  it('shows a 5 km grid point with one decimal at most', () => {
    expect(decimalsFor(5)).toBe(1);
    expect(formatCoarseLocation({ lat: 48.8566, lng: 2.3522, precision_km: 5 })).toBe(
      '≈ 48.9, 2.4',
    );
  });

  it('never shows more decimals than the server sent', () => {
    expect(formatCoarseLocation({ lat: 48, lng: -3.5, precision_km: 1 })).toBe('≈ 48, -3.5');
  });

  it('coarser precision shows fewer decimals', () => {
    expect(formatCoarseLocation({ lat: 48.86, lng: 2.35, precision_km: 50 })).toBe('≈ 49, 2');
  });

  it('the displayed value is never finer than the precision', () => {
    for (const km of [1, 2, 5, 10, 25]) {
      const text = formatCoarseLocation({ lat: 12.345678, lng: 98.765432, precision_km: km });
      const decimals = Math.max(
        ...text
          .replace('≈ ', '')
          .split(', ')
          .map((n) => n.split('.')[1]?.length ?? 0),
      );
      // One decimal of a degree is about 11 km: the display never claims more than the grid holds.
      expect(111 / 10 ** decimals).toBeGreaterThanOrEqual(km);
    }
  });

  it('rounds the browser position before sending it', () => {
    expect(roundForUpload(48.856613, 2.352222)).toEqual({ lat: 48.86, lng: 2.35 });
  });
});
