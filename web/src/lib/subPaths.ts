import {
  APPS,
  type AppName,
  GENDERS,
  type Gender,
  ORIENTATIONS,
  type Orientation,
} from '@/config/options';

/** What a nudes or groups page shows, read from its path ("the same sub-paths" as the lists). */
export interface SubPathScope {
  app?: AppName;
  gender?: Gender;
  orientation?: Orientation;
  vip?: true;
  order?: 'popular';
}

/** The router's paths for `/{noun}` and `/{app}-{noun}` with the username lists' sub-paths. */
export function subPaths(noun: string): string[] {
  const paths = [noun];
  for (const app of APPS) {
    paths.push(
      `${app}-${noun}`,
      `${app}-${noun}/vip`,
      `${app}-${noun}/hottest`,
      `${app}-${noun}/gender/:gender`,
      `${app}-${noun}/orientation/:orientation`,
    );
  }
  return paths;
}

/** Reads such a path; null (a 404) when it names an app, gender... that does not exist. */
export function subPathScope(pathname: string, noun: string): SubPathScope | null {
  const [head, kind, value, extra] = pathname.split('/').filter(Boolean);
  if (head === noun) return kind === undefined ? {} : null;
  const app = new RegExp(`^(.+)-${noun}$`).exec(head ?? '')?.[1];
  if (!app || !(APPS as readonly string[]).includes(app) || extra !== undefined) return null;
  const scope: SubPathScope = { app: app as AppName };
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
