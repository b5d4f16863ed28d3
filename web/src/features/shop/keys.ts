/**
 * Keys read as groups of upper-case letters and digits joined by dashes (K7QF-93XD-PL2M-8VRA).
 * Pasted keys often carry spaces, lower case, line breaks or typographic dashes from a mail client:
 * we tidy those, and the server decides whether the key exists.
 */
export function normalizeKey(raw: string): string {
  return raw
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\u2010-\u2015\u2212_]/g, '-')
    .replace(/\s+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The shape a key must have before we bother the server. */
export const KEY_PATTERN = /^[A-Z0-9]{2,12}(?:-[A-Z0-9]{2,12}){1,7}$/;

export function looksLikeKey(raw: string): boolean {
  return KEY_PATTERN.test(normalizeKey(raw));
}
