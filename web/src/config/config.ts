import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { APPS, type AppName } from './options';

type ApiConfig = components['schemas']['PublicConfig'];

export const CAPTCHA_PROVIDERS = ['none', 'turnstile', 'hcaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

export interface PublicConfig extends Omit<ApiConfig, 'default_app' | 'captcha'> {
  default_app: AppName;
  captcha: { provider: CaptchaProvider; site_key: string | null };
}

/** Used until /v1/config answers, and if it never does. */
export const DEFAULT_CONFIG: PublicConfig = {
  site_name: 'AddMe',
  brand: 'addme',
  default_app: 'snapchat',
  accent_color: '#d6246e',
  captcha: { provider: 'none', site_key: null },
  maintenance: false,
  swipes_enabled: false,
  confirmation_resend_seconds: 60,
  telegram_login_bot: '',
};

const isApp = (v: unknown): v is AppName => APPS.includes(v as AppName);
const isProvider = (v: unknown): v is CaptchaProvider =>
  CAPTCHA_PROVIDERS.includes(v as CaptchaProvider);

/** Keeps unknown values from the server from reaching the UI (an unknown app falls back). */
export function normalizeConfig(raw: Partial<ApiConfig> | undefined): PublicConfig {
  const c = { ...DEFAULT_CONFIG, ...(raw ?? {}) } as ApiConfig;
  return {
    ...c,
    site_name: c.site_name || DEFAULT_CONFIG.site_name,
    default_app: isApp(c.default_app) ? c.default_app : DEFAULT_CONFIG.default_app,
    captcha: {
      provider: isProvider(c.captcha?.provider) ? c.captcha.provider : 'none',
      site_key: c.captcha?.site_key || null,
    },
  };
}

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: async () => normalizeConfig(await unwrap(api.GET('/v1/config'))),
  staleTime: 5 * 60_000,
});

export function useConfig(): PublicConfig {
  const { data } = useQuery(configQuery);
  return data ?? DEFAULT_CONFIG;
}
