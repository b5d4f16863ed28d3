/**
 * A preview of the direct (crypto) order total. The server computes the real amount; this only
 * mirrors its rule so the buyer sees the fee while picking quantities: 1 key 30%, 2-3 keys 15%,
 * 4 or more keys no fee.
 */
export interface FeeTier {
  min_keys: number;
  percent: number;
}

/** The spec's tiers, used until (or if) the catalogue does not send its own. */
export const DEFAULT_FEES: readonly FeeTier[] = [
  { min_keys: 4, percent: 0 },
  { min_keys: 2, percent: 15 },
  { min_keys: 1, percent: 30 },
];

/** The fee percent for an order of `keys` keys (0 for an empty order). */
export function feePercent(keys: number, tiers: readonly FeeTier[] = DEFAULT_FEES): number {
  if (!Number.isFinite(keys) || keys < 1) return 0;
  const sorted = [...tiers].sort((a, b) => b.min_keys - a.min_keys);
  return sorted.find((tier) => keys >= tier.min_keys)?.percent ?? 0;
}

/** The tiers as key ranges for display: 1 -> 30%, 2 to 3 -> 15%, 4 and more -> 0%. */
export function feeTiers(
  tiers: readonly FeeTier[] = DEFAULT_FEES,
): { from: number; to: number | null; percent: number }[] {
  const sorted = [...tiers].sort((a, b) => a.min_keys - b.min_keys);
  return sorted.map((tier, i) => ({
    from: tier.min_keys,
    to: i + 1 < sorted.length ? sorted[i + 1].min_keys - 1 : null,
    percent: tier.percent,
  }));
}

export interface PricedLine {
  /** Price of one key, in dollars, as the API sends it ("6.00"). */
  price: string | number;
  quantity: number;
}

export interface OrderPreview {
  keys: number;
  subtotal: number;
  feePercent: number;
  fee: number;
  total: number;
}

/** Works in cents so that 0.1 + 0.2 never shows up in a price. */
const toCents = (price: string | number) => Math.round(Number(price) * 100);

export function previewOrder(
  lines: readonly PricedLine[],
  tiers: readonly FeeTier[] = DEFAULT_FEES,
): OrderPreview {
  let keys = 0;
  let subtotalCents = 0;
  for (const line of lines) {
    const quantity = Math.max(0, Math.floor(line.quantity || 0));
    keys += quantity;
    subtotalCents += toCents(line.price) * quantity;
  }
  const percent = feePercent(keys, tiers);
  const feeCents = Math.round((subtotalCents * percent) / 100);
  return {
    keys,
    subtotal: subtotalCents / 100,
    feePercent: percent,
    fee: feeCents / 100,
    total: (subtotalCents + feeCents) / 100,
  };
}
