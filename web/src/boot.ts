import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { catalogueQuery } from '@/api/catalogue';
import { CSRF_COOKIE } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { configQuery, normalizeConfig } from '@/config/config';
import { alertsKey } from '@/features/content/queries';
import type { ListQuery } from '@/features/listings/filters';
import { listingKeys } from '@/features/listings/queries';
import { getCookie } from '@/lib/cookies';
import { userKey } from '@/session/session';

type Alert = components['schemas']['AlertRead'];

/**
 * One of the page's first queries, answered by the server (backend core/firstanswers.py): which
 * query (`name` and `params`) and the API's answer to a visitor.
 */
export interface BootAnswer {
  name: string;
  params?: Record<string, unknown>;
  data: unknown;
}

/** Where each answer goes: the key the page's own query uses (routes/prefetch.ts starts them). */
const ANSWER_KEYS: Record<string, (params: Record<string, unknown>) => QueryKey | null> = {
  usernames: (params) => listingKeys.list(params as ListQuery),
  profile: (params) => (typeof params.id === 'number' ? listingKeys.profile(params.id) : null),
  similar: (params) => (typeof params.id === 'number' ? listingKeys.similar(params.id) : null),
  countries: () => listingKeys.countries,
  tags: (params) => listingKeys.tags(params.app as ListQuery['app']),
  catalogue: () => catalogueQuery.queryKey,
};

/**
 * What the server writes into every page for the first render (backend core/web.py): the public
 * config and the site alerts, the page's first API answers, and when it read them. With them, and
 * knowing a visitor from a member without asking, the first page draws without waiting on any API
 * round trip: its content is there in the first render, in the task that first paints.
 */
export interface Boot {
  config?: Partial<components['schemas']['PublicConfig']>;
  alerts?: Alert[];
  /** The page's first API answers, as a visitor gets them (lists, profiles, home, the shop). */
  answers?: BootAnswer[];
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
  if (!getCookie(CSRF_COOKIE)) {
    queryClient.setQueryData(userKey, null);
    // What a member sees can differ (their own profile, a VIP's scores, Dirty lists): the
    // answers are a visitor's, so only a visitor starts from them.
    if (Array.isArray(boot.answers)) {
      for (const answer of boot.answers) {
        if (!answer || !Object.hasOwn(ANSWER_KEYS, answer.name)) continue;
        const key = ANSWER_KEYS[answer.name]?.(answer.params ?? {});
        if (key && answer.data !== undefined)
          queryClient.setQueryData(key, answer.data, { updatedAt });
      }
    }
  }
}
