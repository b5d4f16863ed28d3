import { fromLocalInput, toLocalInput } from '@/features/admin/editor';
import type { AdInput, AdminAd } from './queries';

/** The server's lists (content/ads_rules.py, content/ads_admin.py). */
export const SPOTS = [
  'header-link',
  'layout-top',
  'layout-bottom',
  'global-code',
  'global-popup-code',
];
export const CODE_SPOTS = ['global-code', 'global-popup-code'];
export const TYPES = ['Link', 'Crak', 'Code'] as const;
export type AdType = (typeof TYPES)[number];

/** Whether an ad of this type may show in a spot: the header holds links only, the global spots
 * Code only (the server refuses the rest). */
export function spotFits(type: AdType, spot: string): boolean {
  return type === 'Code' ? spot !== 'header-link' : !CODE_SPOTS.includes(spot);
}

export type Draft = {
  name: string;
  spots: string[];
  type: AdType;
  orientation: string;
  countries: string;
  code: string;
  safeLink: string;
  image: string;
  active: boolean;
  startsAt: string;
  endsAt: string;
  reason: string;
};

export const EMPTY: Draft = {
  name: '',
  spots: ['layout-top'],
  type: 'Link',
  orientation: '',
  countries: 'GLOBAL',
  code: '',
  safeLink: '',
  image: '',
  active: true,
  startsAt: '',
  endsAt: '',
  reason: '',
};

export function draftOf(a: AdminAd): Draft {
  return {
    name: a.name,
    spots: a.spots,
    type: (TYPES as readonly string[]).includes(a.type) ? (a.type as AdType) : 'Link',
    orientation: a.orientation ?? '',
    countries: a.countries.join(', '),
    code: a.code,
    safeLink: a.safe_link ?? '',
    image: a.image ?? '',
    active: a.active,
    startsAt: toLocalInput(a.starts_at),
    endsAt: toLocalInput(a.ends_at),
    reason: '',
  };
}

export function bodyOf(d: Draft): AdInput {
  return {
    name: d.name,
    spots: d.spots,
    type: d.type,
    orientation: (d.orientation || null) as AdInput['orientation'],
    countries: d.countries
      .split(/[,\s]+/)
      .map((c) => c.trim())
      .filter(Boolean),
    code: d.code,
    safe_link: d.type === 'Code' ? null : d.safeLink.trim() || null,
    image: d.type === 'Link' ? d.image.trim() || null : null,
    active: d.active,
    starts_at: fromLocalInput(d.startsAt),
    ends_at: fromLocalInput(d.endsAt),
    reason: d.reason,
  };
}
