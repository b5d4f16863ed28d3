import type { AppName } from '@/config/options';

const BASES: Record<AppName, string> = {
  snapchat: 'https://www.snapchat.com/add/',
  telegram: 'https://t.me/',
  kik: 'https://kik.me/',
};

/** The link that opens the messaging app on the member's handle (the profile's Message button). */
export function messageUrl(app: AppName, username: string): string {
  return `${BASES[app]}${encodeURIComponent(username.trim())}`;
}
