import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, precheckFiles, precheckMessages } from './precheck';

const file = (mb: number) => ({ size: Math.round(mb * 1024 * 1024) });
const texts = (files: { size: number }[], max?: number) =>
  precheckMessages(precheckFiles(files, max), max).map((m) => i18n.t(m.key, m.values));

describe('upload pre-check', () => {
  it('accepts up to 5 files of at most 4 MB', () => {
    const files = [file(1), file(4), file(0.2), file(3.9), file(2)];
    expect(precheckFiles(files)).toEqual({ accepted: files, tooMany: false, skipped: 0 });
    expect(texts(files)).toEqual([]);
  });

  it('uploads nothing when more than 5 files are chosen, with the spec message', () => {
    const result = precheckFiles(Array.from({ length: 6 }, () => file(1)));
    expect(result.accepted).toEqual([]);
    expect(result.tooMany).toBe(true);
    expect(texts(Array.from({ length: 6 }, () => file(1)))).toEqual([
      'Only 5 files are allowed to upload.',
    ]);
  });

  it('skips files over 4 MB and says how many, with the spec wording', () => {
    const files = [file(5), file(1), file(9), { size: MAX_FILE_BYTES + 1 }];
    const result = precheckFiles(files);
    expect(result.accepted).toEqual([files[1]]);
    expect(result.skipped).toBe(3);
    expect(texts(files)).toEqual(['3 files exceed the limit of 4MB. They will not be uploaded']);
  });

  it('a file of exactly 4 MB passes', () => {
    expect(precheckFiles([{ size: MAX_FILE_BYTES }]).skipped).toBe(0);
  });

  it('the profile picture takes one file', () => {
    expect(texts([file(1), file(1)], 1)).toEqual(['Only one file is allowed.']);
  });
});
