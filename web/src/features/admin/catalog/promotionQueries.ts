import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { pagedQuery, useChange } from '@/api/crud';
import type { components } from '@/api/schema.gen';

export type Promotion = components['schemas']['PromotionRead'];
export type CampaignResult = components['schemas']['CampaignResult'];

const key = ['admin', 'promotions'] as const;

export function promotionsQuery(q: string, page: number) {
  return pagedQuery(
    [...key, 'list', q, page] as const,
    (query, signal) => unwrap(api.GET('/v1/admin/promotions', { params: { query }, signal })),
    { q, page, filters: {} },
  );
}

export const campaignsQuery = queryOptions({
  queryKey: [...key, 'campaigns'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/promotions/campaigns', { signal })),
});

export function useGrant() {
  return useChange(
    (body: { user: string; days: number; reason: string }) =>
      unwrap(api.POST('/v1/admin/promotions', { body })),
    [key],
  );
}

export function useEndPromotion() {
  return useChange(
    ({ userId, reason }: { userId: number; reason: string }) =>
      unwrap(
        api.POST('/v1/admin/promotions/{user_id}/end', {
          params: { path: { user_id: userId } },
          body: { reason },
        }),
      ),
    [key],
  );
}

export function useCampaign() {
  return useChange(
    (body: { users: string[]; days: number; note: string }) =>
      unwrap(api.POST('/v1/admin/promotions/campaigns', { body })),
    [key],
  );
}
