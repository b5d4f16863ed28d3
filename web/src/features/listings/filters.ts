import {
  APPS,
  type AppName,
  GENDERS,
  type Gender,
  ORIENTATIONS,
  type Orientation,
  PER_PAGE,
  type UsernameType,
} from '@/config/options';

/**
 * Listings: what a path fixes (app, VIP, order, type, a gender...) and what the filter bar adds in
 * the query string, so every filtered list is a shareable link.
 */
export type ListOrder = 'latest' | 'popular';

/** What the path of a listing page fixes. */
export interface ListingScope {
  app?: AppName;
  vip?: boolean;
  /** No path fixes it (yet): present so every filter key is a scope key. */
  verified?: boolean;
  /** No path fixes it either. */
  has_tag?: boolean;
  order?: ListOrder;
  type?: UsernameType;
  gender?: Gender;
  orientation?: Orientation;
  tag?: string;
  country?: string;
}

/** What the filter bar and the header search put in the query string. */
export interface Filters {
  gender?: Gender;
  orientation?: Orientation;
  country?: string;
  tag?: string;
  vip?: boolean;
  /** Verified owners only (#34). */
  verified?: boolean;
  /** Only usernames with at least one tag. */
  has_tag?: boolean;
  q?: string;
  page: number;
}

export type FilterKey = Exclude<keyof Filters, 'page' | 'q'>;
export const FILTER_KEYS: FilterKey[] = [
  'gender',
  'orientation',
  'country',
  'tag',
  'vip',
  'verified',
  'has_tag',
];

const isGender = (v: string): v is Gender => (GENDERS as readonly string[]).includes(v);
const isOrientation = (v: string): v is Orientation =>
  (ORIENTATIONS as readonly string[]).includes(v);
const isApp = (v: string): v is AppName => (APPS as readonly string[]).includes(v);
const COUNTRY = /^[A-Za-z]{2}$/;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The router's paths for listing pages (without the leading slash). */
export function listingPaths(): string[] {
  const paths = ['list', 'tags/:tag', 'countries/:code'];
  for (const app of APPS) {
    const base = `${app}-usernames`;
    paths.push(
      base,
      `${base}/vip`,
      `${base}/hottest`,
      `${base}/gender/:gender`,
      `${base}/orientation/:orientation`,
      `${base}/tags/:tag`,
    );
    if (app === 'kik') paths.push(`${base}/clean`, `${base}/dirty`);
  }
  return paths;
}

/** Reads a listing path; null when it is not one (or names a gender, app... that does not exist). */
export function scopeFromPath(pathname: string): ListingScope | null {
  const parts = pathname.split('/').filter(Boolean).map(decode);
  const [head, ...rest] = parts;
  if (!head) return null;
  if (head === 'list') return rest.length === 0 ? {} : null;
  if (head === 'tags') return rest.length === 1 && rest[0] ? { tag: rest[0] } : null;
  if (head === 'countries') {
    return rest.length === 1 && rest[0] && COUNTRY.test(rest[0])
      ? { country: rest[0].toUpperCase() }
      : null;
  }
  const match = /^(.+)-usernames$/.exec(head);
  const app = match?.[1];
  if (!app || !isApp(app)) return null;
  const [kind, value, extra] = rest;
  if (extra !== undefined) return null;
  if (kind === undefined) return { app };
  if (value === undefined) {
    if (kind === 'vip') return { app, vip: true };
    if (kind === 'hottest') return { app, order: 'popular' };
    if (app === 'kik' && kind === 'clean') return { app, type: 'Clean' };
    if (app === 'kik' && kind === 'dirty') return { app, type: 'Dirty' };
    return null;
  }
  if (kind === 'gender') return isGender(value) ? { app, gender: value } : null;
  if (kind === 'orientation') return isOrientation(value) ? { app, orientation: value } : null;
  if (kind === 'tags') return value ? { app, tag: value } : null;
  return null;
}

/** Reads the query string, ignoring values that are not valid (a bad link still lists something). */
export function filtersFromSearch(search: URLSearchParams): Filters {
  const filters: Filters = { page: 1 };
  const gender = search.get('gender');
  if (gender && isGender(gender)) filters.gender = gender;
  const orientation = search.get('orientation');
  if (orientation && isOrientation(orientation)) filters.orientation = orientation;
  const country = search.get('country');
  if (country && COUNTRY.test(country)) filters.country = country.toUpperCase();
  const tag = search.get('tag')?.trim();
  if (tag) filters.tag = tag;
  if (search.get('vip') === '1' || search.get('vip') === 'true') filters.vip = true;
  if (search.get('verified') === '1' || search.get('verified') === 'true') filters.verified = true;
  if (search.get('has_tag') === '1' || search.get('has_tag') === 'true') filters.has_tag = true;
  const q = search.get('q')?.trim();
  if (q) filters.q = q;
  const page = Number.parseInt(search.get('page') ?? '', 10);
  if (Number.isFinite(page) && page > 1) filters.page = page;
  return filters;
}

/** The query string for a set of filters: empty values and page 1 are left out. */
export function searchFromFilters(filters: Filters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q) search.set('q', filters.q);
  if (filters.gender) search.set('gender', filters.gender);
  if (filters.orientation) search.set('orientation', filters.orientation);
  if (filters.country) search.set('country', filters.country);
  if (filters.tag) search.set('tag', filters.tag);
  if (filters.vip) search.set('vip', '1');
  if (filters.verified) search.set('verified', '1');
  if (filters.has_tag) search.set('has_tag', '1');
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** Changes one filter and goes back to page 1 (the old page may not exist any more). */
export function withFilter<K extends FilterKey>(
  filters: Filters,
  key: K,
  value: Filters[K] | '' | undefined,
): Filters {
  const next: Filters = { ...filters, page: 1 };
  if (value === '' || value === undefined || value === false) delete next[key];
  else next[key] = value;
  return next;
}

export function withPage(filters: Filters, page: number): Filters {
  return { ...filters, page: Math.max(1, Math.floor(page)) };
}

/** Clear filters keeps nothing of the query but what the path fixes. */
export function clearedFilters(): Filters {
  return { page: 1 };
}

export function hasActiveFilters(filters: Filters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined) || filters.q !== undefined;
}

/** Filters the path already fixes are not offered again in the filter bar. */
export function lockedKeys(scope: ListingScope): Set<FilterKey> {
  const locked = new Set<FilterKey>();
  for (const key of FILTER_KEYS) if (scope[key] !== undefined) locked.add(key);
  return locked;
}

export interface ListQuery {
  app?: AppName;
  gender?: Gender;
  orientation?: Orientation;
  country?: string;
  tag?: string;
  type?: UsernameType;
  vip?: boolean;
  verified?: boolean;
  has_tag?: boolean;
  order?: ListOrder;
  q?: string;
  page?: number;
  per_page?: number;
}

/** The API query: the path's values win over the query string's. */
export function toApiQuery(scope: ListingScope, filters: Filters, perPage = PER_PAGE): ListQuery {
  const query: ListQuery = {
    app: scope.app,
    gender: scope.gender ?? filters.gender,
    orientation: scope.orientation ?? filters.orientation,
    country: scope.country ?? filters.country,
    tag: scope.tag ?? filters.tag,
    type: scope.type,
    vip: scope.vip || filters.vip ? true : undefined,
    verified: filters.verified ? true : undefined,
    // A list of one tag has a tag on every card: the filter would only split the cache.
    has_tag: filters.has_tag && !(scope.tag ?? filters.tag) ? true : undefined,
    order: scope.order,
    q: filters.q,
    page: filters.page,
    per_page: perPage,
  };
  for (const key of Object.keys(query) as (keyof ListQuery)[]) {
    if (query[key] === undefined) delete query[key];
  }
  return query;
}
