import { describe, expect, it } from 'vitest';
import { galleryPath, nudesPaths, nudesScopeFromPath } from './paths';

describe('nudes paths', () => {
  it('offers the username lists sub-paths for every app', () => {
    const paths = nudesPaths();
    for (const app of ['snapchat', 'telegram', 'kik']) {
      expect(paths).toContain(`${app}-nudes/vip`);
      expect(paths).toContain(`${app}-nudes/hottest`);
      expect(paths).toContain(`${app}-nudes/gender/:gender`);
    }
  });

  it('reads the filters a page shows from its path', () => {
    expect(nudesScopeFromPath('/nudes')).toEqual({});
    expect(nudesScopeFromPath('/kik-nudes/vip')).toEqual({ app: 'kik', vip: true });
    expect(nudesScopeFromPath('/snapchat-nudes/hottest')).toEqual({
      app: 'snapchat',
      order: 'popular',
    });
    expect(nudesScopeFromPath('/telegram-nudes/gender/Female')).toEqual({
      app: 'telegram',
      gender: 'Female',
    });
  });

  it('answers null (a 404) for paths that are not pages', () => {
    expect(nudesScopeFromPath('/myspace-nudes')).toBeNull();
    expect(nudesScopeFromPath('/kik-nudes/gender/Robot')).toBeNull();
    expect(nudesScopeFromPath('/kik-nudes/vip/extra')).toBeNull();
  });

  it('links a gallery by its slug', () => {
    expect(galleryPath({ slug: 'sunny fox-12' })).toBe('/nude/sunny%20fox-12');
  });
});
