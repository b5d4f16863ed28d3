import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';

export type BlogCard = components['schemas']['BlogCard'];
export type Alert = components['schemas']['AlertRead'];
export type Ad = components['schemas']['AdRead'];
export type AdExplain = components['schemas']['AdExplainRead'];

export function useBlog(page: number) {
  return useQuery({
    queryKey: ['blog', 'list', page],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/blog', { params: { query: { page, per_page: 12 } }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function usePost(slug: string) {
  return useQuery({
    queryKey: ['blog', 'post', slug],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/blog/{slug}', { params: { path: { slug } }, signal })),
    retry: false,
  });
}

export const alertsKey = ['alerts'] as const;

/**
 * Loaded once per visit; a failure is only logged (spec section 7). The page's boot data gives the
 * first answer (boot.ts), so the banner is there from the first paint; it is asked once more then.
 */
export function useAlerts(enabled: boolean) {
  return useQuery({
    queryKey: alertsKey,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/v1/alerts', { signal });
      return data ?? [];
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });
}

/** Every ad this viewer may get, loaded once a visit; a failure is only logged (spec section 7). */
export function useAds(enabled: boolean) {
  return useQuery({
    queryKey: ['ads'],
    queryFn: async ({ signal }) => {
      const { data, error } = await api.GET('/v1/ads', { signal });
      if (error || !data) {
        console.warn('ads not loaded', error);
        return [];
      }
      return data;
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });
}

/** ?debugad=1: every running or scheduled ad with what the server refuses this viewer, and why. */
export function useAdsExplain(enabled: boolean) {
  return useQuery({
    queryKey: ['ads', 'explain'],
    queryFn: ({ signal }) => unwrap(api.GET('/v1/ads/explain', { signal })),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });
}
