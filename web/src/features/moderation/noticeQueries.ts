import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { modKeys } from './queries';

type S = components['schemas'];
export type NoticeItem = S['NoticeAdmin'];
export type NoticeDetail = S['NoticeDetail'];
export type NoticeTarget = S['NoticeTarget'];
export type NoticeDecideBody = S['NoticeDecideIn'];
export type NoticeCategory = S['NoticeDecideIn']['category'];

/** The DSA transparency database's categories, in the order the decision form offers them. */
export const CATEGORIES: readonly NoticeCategory[] = [
  'non_consensual_behaviour',
  'protection_of_minors',
  'scams_and_fraud',
  'intellectual_property_infringements',
  'data_protection_and_privacy_violations',
  'illegal_or_harmful_speech',
  'pornography_or_sexualized_content',
  'violence',
  'self_harm',
  'risk_for_public_security',
  'unsafe_and_illegal_products',
  'animal_welfare',
  'negative_effects_on_civic_discourse_or_elections',
  'scope_of_platform_service',
];

/** What a moderator most likely picks for each kind of notice (they can change both). */
export const DEFAULTS: Record<
  string,
  { ground: NoticeDecideBody['ground']; category: NoticeCategory }
> = {
  ncii: { ground: 'law', category: 'non_consensual_behaviour' },
  minor: { ground: 'law', category: 'protection_of_minors' },
  impersonation: { ground: 'terms', category: 'scams_and_fraud' },
  illegal: { ground: 'law', category: 'illegal_or_harmful_speech' },
  other: { ground: 'terms', category: 'scope_of_platform_service' },
};

const noticeKeys = [...modKeys.all, 'notices'] as const;

export function noticesQuery(status: 'open' | 'decided', page: number) {
  return queryOptions({
    queryKey: [...noticeKeys, status, page] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/notices', { params: { query: { status, page } }, signal })),
    placeholderData: keepPreviousData,
    // The clocks move: the queue is read again every minute.
    refetchInterval: 60_000,
  });
}

export function noticeQuery(id: number) {
  return queryOptions({
    queryKey: [...noticeKeys, 'one', id] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/admin/notices/{notice_id}', { params: { path: { notice_id: id } }, signal }),
      ),
  });
}

export const alertSettingQuery = queryOptions({
  queryKey: [...noticeKeys, 'alerts'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/notices/alerts', { signal })),
});

export function useAlertSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      unwrap(api.PUT('/v1/admin/notices/alerts', { body: { enabled } })),
    onSuccess: (data) => queryClient.setQueryData(alertSettingQuery.queryKey, data),
  });
}

export function useNoticeDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: NoticeDecideBody & { id: number }) =>
      unwrap(
        api.POST('/v1/admin/notices/{notice_id}/decide', {
          params: { path: { notice_id: id } },
          body,
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: modKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
    },
  });
}
