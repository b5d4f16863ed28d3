/**
 * The option lists the server also knows (apps, genders, orientations, username types, report
 * types, contact reasons): one place on the web, so every form, filter and queue offers the same.
 */
export const APPS = ['snapchat', 'telegram', 'kik'] as const;
export type AppName = (typeof APPS)[number];

export const GENDERS = ['Male', 'Female', 'Transgender', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

export const ORIENTATIONS = ['Gay', 'Lesbian', 'Bisexual', 'Straight', 'Other'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const TYPES = ['Clean', 'Dirty'] as const;
export type UsernameType = (typeof TYPES)[number];

export const REPORT_TYPES = ['underage', 'fake', 'removal', 'sell', 'other'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The contact form's reasons (spec section 3). */
export const CONTACT_REASONS = [
  'general',
  'nokey',
  'blocktx',
  'frozenorder',
  'ageverification',
  'vpnaccess',
  'usernamelists',
  'profileviolation',
  'disputeban',
  'accounthopping',
] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

/** Cards per page in every paged grid (usernames, groups, galleries). */
export const PER_PAGE = 24;
