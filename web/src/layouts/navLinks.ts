import type { AppName } from '@/config/options';

export const GENDERS = ['Male', 'Female', 'Transgender', 'Other'] as const;
export const ORIENTATIONS = ['Gay', 'Lesbian', 'Bisexual', 'Straight', 'Other'] as const;

/** The per-app menu of the header (spec section 2), as paths. */
export function appMenu(app: AppName) {
  const base = `/${app}-usernames`;
  return {
    main: [
      { key: 'latest', to: base },
      { key: 'vip', to: `${base}/vip` },
      { key: 'hottest', to: `${base}/hottest` },
      { key: 'nudes', to: `/${app}-nudes` },
      { key: 'tags', to: '/tags' },
      { key: 'groups', to: `/${app}-groups` },
    ],
    genders: GENDERS.map((g) => ({ key: g, to: `${base}/gender/${g}` })),
    orientations: ORIENTATIONS.map((o) => ({ key: o, to: `${base}/orientation/${o}` })),
  };
}

export const FOOTER_LINKS = [
  { key: 'aup', to: '/policy/acceptable-use' },
  { key: 'dmca', to: '/policy/dmca' },
  { key: 'privacy', to: '/policy/privacy' },
  { key: 'terms', to: '/terms' },
  { key: '2257', to: '/2257' },
  { key: 'help', to: '/help' },
  { key: 'reportContent', to: '/report-content' },
  { key: 'transparency', to: '/transparency' },
] as const;
