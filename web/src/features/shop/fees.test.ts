import { describe, expect, it } from 'vitest';
import { feePercent, feeTiers, previewOrder } from './fees';

describe('feePercent', () => {
  it.each([
    [0, 0],
    [1, 30],
    [2, 15],
    [3, 15],
    [4, 0],
    [11, 0],
  ])('%i keys -> %i%%', (keys, percent) => {
    expect(feePercent(keys)).toBe(percent);
  });

  it('follows tiers sent by the catalogue in any order', () => {
    const tiers = [
      { min_keys: 1, percent: 30 },
      { min_keys: 4, percent: 0 },
      { min_keys: 2, percent: 15 },
    ];
    expect(feePercent(1, tiers)).toBe(30);
    expect(feePercent(3, tiers)).toBe(15);
    expect(feePercent(5, tiers)).toBe(0);
  });
});

describe('previewOrder', () => {
  it('adds 30% to a single key', () => {
    expect(previewOrder([{ price: '6.00', quantity: 1 }])).toEqual({
      keys: 1,
      subtotal: 6,
      feePercent: 30,
      fee: 1.8,
      total: 7.8,
    });
  });

  it('adds 15% to two or three keys, across products', () => {
    const preview = previewOrder([
      { price: '9.00', quantity: 1 },
      { price: '5.00', quantity: 2 },
    ]);
    expect(preview.keys).toBe(3);
    expect(preview.subtotal).toBe(19);
    expect(preview.fee).toBe(2.85);
    expect(preview.total).toBe(21.85);
  });

  it('charges no fee from four keys', () => {
    const preview = previewOrder([{ price: '12.00', quantity: 4 }]);
    expect(preview).toMatchObject({ keys: 4, feePercent: 0, fee: 0, total: 48 });
  });

  it('ignores empty and negative quantities', () => {
    expect(previewOrder([{ price: '6.00', quantity: 0 }]).total).toBe(0);
    expect(previewOrder([{ price: '6.00', quantity: -2 }]).keys).toBe(0);
  });

  it('never shows floating point noise', () => {
    expect(previewOrder([{ price: '0.10', quantity: 3 }]).total).toBe(0.35);
  });
});

describe('feeTiers', () => {
  it('shows the spec rule as ranges: 1 key, 2 to 3 keys, 4 and more', () => {
    expect(feeTiers()).toEqual([
      { from: 1, to: 1, percent: 30 },
      { from: 2, to: 3, percent: 15 },
      { from: 4, to: null, percent: 0 },
    ]);
  });
});
