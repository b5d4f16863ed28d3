/**
 * The client's pre-check of an upload (spec section 5): at most 5 files, each at most 4 MB. Too many
 * files uploads nothing; files over 4 MB are skipped and counted. The server checks again and stays
 * the authority (type by magic bytes, pixel size, the gallery limit).
 */
export const MAX_FILES = 5;
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
export const GALLERY_LIMIT = 5;
export const GALLERY_LIMIT_VIP = 20;

export interface Precheck<F> {
  /** Files to send: empty when there were too many. */
  accepted: F[];
  tooMany: boolean;
  /** How many were over 4 MB and will not be uploaded. */
  skipped: number;
}

export function precheckFiles<F extends { size: number }>(
  files: readonly F[],
  maxFiles: number = MAX_FILES,
): Precheck<F> {
  if (files.length > maxFiles) return { accepted: [], tooMany: true, skipped: 0 };
  const accepted = files.filter((f) => f.size <= MAX_FILE_BYTES);
  return { accepted, tooMany: false, skipped: files.length - accepted.length };
}

/** The messages to show, as i18n keys with their values (the component translates them). */
export function precheckMessages(
  result: Precheck<unknown>,
  maxFiles: number = MAX_FILES,
): { key: string; values?: Record<string, number> }[] {
  const messages: { key: string; values?: Record<string, number> }[] = [];
  if (result.tooMany) {
    messages.push(
      maxFiles === 1 ? { key: 'community.media.oneFile' } : { key: 'community.media.tooMany' },
    );
  }
  if (result.skipped > 0) {
    messages.push({ key: 'community.media.tooLarge', values: { count: result.skipped } });
  }
  return messages;
}
