import { APPS, type AppName } from '../config/config';
import { GENDERS, type Gender, ORIENTATIONS, type Orientation } from '../listings/filters';

export interface NudesScope {
  app?: AppName;
  gender?: Gender;
  orientation?: Orientation;
  vip?: true;
  order?: 'popular';
}

/** The router's paths for the nudes pages: the same sub-paths as the username lists. */
export function nudesPaths(): string[] {
  const paths = ['nudes'];
  for (const app of APPS) {
    paths.push(
      `${app}-nudes`,
      `${app}-nudes/vip`,
      `${app}-nudes/hottest`,
      `${app}-nudes/gender/:gender`,
      `${app}-nudes/orientation/:orientation`,
    );
  }
  return paths;
}

export function nudesScopeFromPath(pathname: string): NudesScope | null {
  const [head, kind, value, extra] = pathname.split('/').filter(Boolean);
  if (head === 'nudes') return kind === undefined ? {} : null;
  const app = /^(.+)-nudes$/.exec(head ?? '')?.[1];
  if (!app || !(APPS as readonly string[]).includes(app) || extra !== undefined) return null;
  const scope: NudesScope = { app: app as AppName };
  if (kind === undefined) return value === undefined ? scope : null;
  if (kind === 'vip' && value === undefined) return { ...scope, vip: true };
  if (kind === 'hottest' && value === undefined) return { ...scope, order: 'popular' };
  if (kind === 'gender' && value && (GENDERS as readonly string[]).includes(value)) {
    return { ...scope, gender: value as Gender };
  }
  if (kind === 'orientation' && value && (ORIENTATIONS as readonly string[]).includes(value)) {
    return { ...scope, orientation: value as Orientation };
  }
  return null;
}

export function galleryPath(card: { slug: string }): string {
  return `/nude/${encodeURIComponent(card.slug)}`;
}
