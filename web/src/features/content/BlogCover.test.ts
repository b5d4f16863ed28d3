import { describe, expect, it } from 'vitest';
import { coverShape } from './BlogCover';

describe('generated blog covers', () => {
  const titles = [
    'Mandatory age verification: what it means for you',
    'How to stay safe when adding strangers',
    'Top-Ups explained',
    'Five tips for a better profile',
    'Groups are here',
  ];

  it('differ from one post to the next', () => {
    const looks = titles.map((t) => JSON.stringify(coverShape(t)));
    expect(new Set(looks).size).toBe(titles.length);
    const hues = titles.map((t) => coverShape(t).hue);
    expect(new Set(hues).size).toBe(titles.length);
  });

  it('are the same for the same title, with its initial', () => {
    expect(coverShape('Groups are here')).toEqual(coverShape('Groups are here'));
    expect(coverShape('groups are here').initial).toBe('G');
    expect(coverShape('  ').initial).toBe('#');
  });
});
