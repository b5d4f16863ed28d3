import type { QueryClient } from '@tanstack/react-query';
import { CSRF_COOKIE } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { configQuery, normalizeConfig } from '@/config/config';
import { alertsKey } from '@/features/content/queries';
import { getCookie } from '@/lib/cookies';
import { userKey } from '@/session/session';

type Alert = components['schemas']['AlertRead'];

/**
 * What the server writes into every page for the first render (backend core/web.py): the public
 * config and the site alerts, and when it read them. With them, and knowing a visitor from a
 * member without asking, the first page draws without waiting on any API round trip.
 */
export interface Boot {
  config?: Partial<components['schemas']['PublicConfig']>;
  alerts?: Alert[];
  /** When the server read them (ms since the epoch). */
  at?: number;
}

export function readBoot(doc: Document = document): Boot {
  const text = doc.getElementById('addme-boot')?.textContent;
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === 'object' ? (data as Boot) : {};
  } catch {
    return {};
  }
}

/**
 * Puts the boot data where the queries look first. A visitor (no session, so no CSRF cookie: the
 * server sets and clears both together) is known to be signed out without asking the server; a
 * member's session is still asked for. The alerts are asked for once more after the first paint,
 * in case the page's copy is older than an alert just added or ended.
 */
export function seedFromBoot(queryClient: QueryClient, boot: Boot = readBoot()) {
  const updatedAt = boot.at ?? Date.now();
  if (boot.config) {
    queryClient.setQueryData(configQuery.queryKey, normalizeConfig(boot.config), { updatedAt });
  }
  if (Array.isArray(boot.alerts)) {
    queryClient.setQueryData(alertsKey, boot.alerts, { updatedAt });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: alertsKey });
    if (document.readyState === 'complete') setTimeout(refresh, 0);
    else window.addEventListener('load', refresh, { once: true });
  }
  if (!getCookie(CSRF_COOKIE)) queryClient.setQueryData(userKey, null);
}
