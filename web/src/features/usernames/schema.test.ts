import { describe, expect, it } from 'vitest';
import { isValidTag, isValidUsername, normalizeTag, usernameFormSchema } from './schema';

const valid = {
  app: 'snapchat' as const,
  username: 'night.owl',
  age: 25,
  gender: 'Female' as const,
  orientation: 'Straight' as const,
  type: 'Clean' as const,
  country_code: '',
  description: '',
  tags: [],
  link: '',
  link_type: '' as const,
  paid_content: false,
};

describe('username formats (mirroring the server)', () => {
  it('Snapchat: 3-15 letters, digits, - _ .', () => {
    expect(isValidUsername('snapchat', 'abc')).toBe(true);
    expect(isValidUsername('snapchat', 'a-b_c.d')).toBe(true);
    expect(isValidUsername('snapchat', 'ab')).toBe(false);
    expect(isValidUsername('snapchat', 'a'.repeat(16))).toBe(false);
    expect(isValidUsername('snapchat', 'has space')).toBe(false);
  });

  it('Telegram: 5-32 letters, digits, _', () => {
    expect(isValidUsername('telegram', 'night_owl')).toBe(true);
    expect(isValidUsername('telegram', 'abcd')).toBe(false);
    expect(isValidUsername('telegram', 'night.owl')).toBe(false);
    expect(isValidUsername('telegram', 'a'.repeat(32))).toBe(true);
    expect(isValidUsername('telegram', 'a'.repeat(33))).toBe(false);
  });

  it('Kik: 2-20 letters, digits, _ .', () => {
    expect(isValidUsername('kik', 'ab')).toBe(true);
    expect(isValidUsername('kik', 'night.owl_2')).toBe(true);
    expect(isValidUsername('kik', 'night-owl')).toBe(false);
    expect(isValidUsername('kik', 'a'.repeat(21))).toBe(false);
  });

  it('refuses look-alike and invisible characters', () => {
    expect(isValidUsername('snapchat', 'owl\u200b')).toBe(false);
    expect(isValidUsername('snapchat', 'оwl')).toBe(false); // Cyrillic o
  });
});

describe('the form schema', () => {
  it('accepts a complete adult listing', () => {
    expect(usernameFormSchema.safeParse(valid).success).toBe(true);
  });

  it('refuses under 18, with the message under the age', () => {
    const result = usernameFormSchema.safeParse({ ...valid, age: 17 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['age']);
    expect(result.error?.issues[0]?.message).toBe('listings.form.errors.ageMin');
  });

  it('checks the handle against the chosen app', () => {
    const result = usernameFormSchema.safeParse({ ...valid, app: 'telegram', username: 'abc' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('listings.form.format.telegram');
  });

  it('allows 5 tags, not 6', () => {
    const five = ['a1', 'b2', 'c3', 'd4', 'e5'];
    expect(usernameFormSchema.safeParse({ ...valid, tags: five }).success).toBe(true);
    expect(usernameFormSchema.safeParse({ ...valid, tags: [...five, 'f6'] }).success).toBe(false);
  });

  it('a creator link needs https and its site', () => {
    const noType = usernameFormSchema.safeParse({ ...valid, link: 'https://onlyfans.com/owl' });
    expect(noType.error?.issues.map((i) => i.path[0])).toEqual(['link_type']);
    const http = usernameFormSchema.safeParse({
      ...valid,
      link: 'http://onlyfans.com/owl',
      link_type: 'onlyfans',
    });
    expect(http.error?.issues.map((i) => i.path[0])).toEqual(['link']);
  });
});

describe('tags', () => {
  it('normalizes like the server', () => {
    expect(normalizeTag('  #Night Owl ')).toBe('night-owl');
    expect(normalizeTag('gym_rat')).toBe('gym-rat');
    expect(isValidTag('night-owl')).toBe(true);
    expect(isValidTag('a')).toBe(false);
    expect(isValidTag('no!')).toBe(false);
  });
});
