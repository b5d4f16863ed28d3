import { describe, expect, it } from 'vitest';
import { chartData, dayToSeconds, shortDay, withUnrecorded } from './figures';

const day = (d: string, views: number, top_ups = 0, fire_pins = 0) => ({
  day: d,
  views,
  clicks: 1,
  top_ups,
  fire_pins,
});

describe('the figures chart', () => {
  it('marks Top-Up and Fire Pin days on the views line only', () => {
    const [x, views, clicks, topUps, pins] = chartData([
      day('2026-12-01', 3),
      day('2026-12-02', 9, 1, 0),
      day('2026-12-03', 5, 0, 2),
    ]);
    expect(x).toEqual([
      dayToSeconds('2026-12-01'),
      dayToSeconds('2026-12-02'),
      dayToSeconds('2026-12-03'),
    ]);
    expect(views).toEqual([3, 9, 5]);
    expect(clicks).toEqual([1, 1, 1]);
    expect(topUps).toEqual([null, 9, null]);
    expect(pins).toEqual([null, null, 5]);
  });

  it('names a day in UTC, whatever the reader’s time zone', () => {
    expect(shortDay('2026-12-02', 'en')).toBe('Dec 2');
    expect(shortDay('2026-12-02', 'fr')).toBe('2 déc.');
  });
});

describe('where the views came from', () => {
  it('adds the views recorded without a place as "other"', () => {
    expect(withUnrecorded([{ source: 'search', views: 2 }], 5)).toEqual([
      { source: 'search', views: 2 },
      { source: 'other', views: 3 },
    ]);
    expect(withUnrecorded([{ source: 'tag', views: 4 }], 4)).toEqual([{ source: 'tag', views: 4 }]);
    expect(withUnrecorded([], 0)).toEqual([]);
  });
});
