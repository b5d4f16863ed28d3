/** "5 min ago" in the reader's language, from the last Top-Up; the server's text as a fallback. */
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

export function formatTimeAgo(
  iso: string | null | undefined,
  locale: string,
  fallback: string,
  now: number = Date.now(),
): string {
  if (!iso) return fallback;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return fallback;
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  let format: Intl.RelativeTimeFormat;
  try {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  } catch {
    return fallback;
  }
  for (const [unit, size] of STEPS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}
