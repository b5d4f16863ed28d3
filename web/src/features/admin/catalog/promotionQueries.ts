import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';

export type Promotion = components['schemas']['PromotionRead'];
export type CampaignResult = components['schemas']['CampaignResult'];

const key = ['admin', 'promotions'] as const;

export function promotionsQuery(q: string, page: number) {
  return queryOptions({
    queryKey: [...key, 'list', q, page] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/admin/promotions', {
          params: { query: { ...(q ? { q } : {}), page, per_page: 25 } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export const campaignsQuery = queryOptions({
  queryKey: [...key, 'campaigns'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/promotions/campaigns', { signal })),
});

export function useGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { user: string; days: number; reason: string }) =>
      unwrap(api.POST('/v1/admin/promotions', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useEndPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: number; reason: string }) =>
      unwrap(
        api.POST('/v1/admin/promotions/{user_id}/end', {
          params: { path: { user_id: userId } },
          body: { reason },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { users: string[]; days: number; note: string }) =>
      unwrap(api.POST('/v1/admin/promotions/campaigns', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
