import { describe, expect, it } from 'vitest';
import { type NoticeValues, noticeFormData, urlList, validateNotice } from './noticeForm';

const filled: NoticeValues = {
  kind: 'ncii',
  urls: 'https://addme.example/media/gallery/a.webp\n\n https://addme.example/nude/anna-3 \n',
  description: 'A private picture of me, posted without consent.',
  good_faith: true,
  signature: 'Jane Example',
  contact_email: 'jane@example.com',
  captcha_token: 'local-captcha-ok',
};

describe('the notice form', () => {
  it('reads one address per line, blanks and repeats dropped', () => {
    expect(urlList('a\n\n b \na\r\nc')).toEqual(['a', 'b', 'c']);
  });

  it('takes a complete notice', () => {
    expect(validateNotice(filled, false)).toEqual({});
  });

  it('asks for the good-faith statement, the signature and a contact', () => {
    const errors = validateNotice(
      { ...filled, good_faith: false, signature: ' ', contact_email: '' },
      false,
    );
    expect(Object.keys(errors).sort()).toEqual(['contact_email', 'good_faith', 'signature']);
  });

  it('lets a notice about a minor be anonymous, never without the good-faith statement', () => {
    const minor = { ...filled, kind: 'minor' as const, signature: '', contact_email: '' };
    expect(validateNotice(minor, false)).toEqual({});
    expect(validateNotice({ ...minor, good_faith: false }, false)).toHaveProperty('good_faith');
  });

  it('needs an address unless a picture goes with it, and at most 10', () => {
    expect(validateNotice({ ...filled, urls: '' }, false)).toHaveProperty('urls');
    expect(validateNotice({ ...filled, urls: '' }, true)).toEqual({});
    const eleven = Array.from({ length: 11 }, (_, i) => `https://addme.example/profile/${i}`);
    expect(validateNotice({ ...filled, urls: eleven.join('\n') }, false).urls).toBe(
      'community.notice.errors.tooMany',
    );
  });

  it('sends the addresses as repeated fields beside the picture', () => {
    const form = noticeFormData(filled, new File(['x'], 'me.png', { type: 'image/png' }));
    expect(form.getAll('urls')).toHaveLength(2);
    expect(form.get('good_faith')).toBe('true');
    expect(form.get('picture')).toBeInstanceOf(File);
  });
});
