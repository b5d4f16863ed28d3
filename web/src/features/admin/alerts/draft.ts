import { fromLocalInput, toLocalInput } from '@/features/admin/editor';
import type { AdminAlert, AlertInput } from './queries';

/** The server's lists (content/alerts_admin.py). */
export const SPOTS = [
  'global',
  'home',
  'listings',
  'swipes',
  'groups',
  'shop',
  'auth',
  'blog',
  'help',
  'account',
] as const;
export const TYPES = ['info', 'success', 'warning', 'danger', 'primary'] as const;
export const ICONS = [
  'shield',
  'heart',
  'chat',
  'zap',
  'flame',
  'sun',
  'moon',
  'user',
  'search',
] as const;

export type Draft = {
  spots: string[];
  type: AlertInput['type'];
  text: string;
  html: string;
  script: string;
  icon: string;
  classes: string;
  style: string;
  dismissible: boolean;
  active: boolean;
  startsAt: string;
  endsAt: string;
  reason: string;
};

export const EMPTY: Draft = {
  spots: ['global'],
  type: 'info',
  text: '',
  html: '',
  script: '',
  icon: '',
  classes: '',
  style: '',
  dismissible: true,
  active: true,
  startsAt: '',
  endsAt: '',
  reason: '',
};

export function draftOf(a: AdminAlert): Draft {
  return {
    spots: a.spots,
    type: TYPES.includes(a.type as Draft['type']) ? (a.type as Draft['type']) : 'info',
    text: a.text,
    html: a.html,
    script: a.script,
    // An icon the app no longer draws is dropped rather than sent back and refused.
    icon: a.icon && (ICONS as readonly string[]).includes(a.icon) ? a.icon : '',
    classes: a.classes ?? '',
    style: a.style ?? '',
    dismissible: a.dismissible,
    active: a.active,
    startsAt: toLocalInput(a.starts_at),
    endsAt: toLocalInput(a.ends_at),
    reason: '',
  };
}

export function bodyOf(d: Draft): AlertInput {
  return {
    spots: d.spots,
    type: d.type,
    text: d.text,
    html: d.html,
    script: d.script,
    icon: (d.icon || null) as AlertInput['icon'],
    classes: d.classes || null,
    style: d.style || null,
    dismissible: d.dismissible,
    active: d.active,
    starts_at: fromLocalInput(d.startsAt),
    ends_at: fromLocalInput(d.endsAt),
    reason: d.reason,
  };
}
