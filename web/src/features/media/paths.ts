import { type SubPathScope, subPathScope, subPaths } from '@/lib/subPaths';

export type NudesScope = SubPathScope;

/** The router's paths for the nudes pages: the same sub-paths as the username lists. */
export const nudesPaths = (): string[] => subPaths('nudes');

export const nudesScopeFromPath = (pathname: string): NudesScope | null =>
  subPathScope(pathname, 'nudes');

export function galleryPath(card: { slug: string }): string {
  return `/nude/${encodeURIComponent(card.slug)}`;
}
