import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { useChange } from '@/api/crud';
import type { components } from '@/api/schema.gen';

export type AdminOrder = components['schemas']['AdminOrderRead'];
export type Pin = components['schemas']['PinRead'];

const ordersKey = ['admin', 'orders'] as const;

export function adminOrdersQuery(q: string) {
  return queryOptions({
    queryKey: [...ordersKey, q] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/orders', { params: { query: q ? { q } : {} }, signal })),
  });
}

export const pinsQuery = queryOptions({
  queryKey: ['admin', 'pins'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/pins', { signal })),
  refetchInterval: 30_000,
});

export function useConfirmOrder() {
  return useChange(
    ({ id, transaction_id }: { id: number; transaction_id: string }) =>
      unwrap(
        api.POST('/v1/admin/orders/{order_id}/confirm', {
          params: { path: { order_id: id } },
          body: { transaction_id },
        }),
      ),
    [ordersKey],
  );
}

export function useCancelOrder() {
  return useChange(
    ({
      id,
      reason,
      refund_transaction_id,
    }: {
      id: number;
      reason?: string;
      refund_transaction_id?: string;
    }) =>
      unwrap(
        api.POST('/v1/admin/orders/{order_id}/cancel', {
          params: { path: { order_id: id } },
          body: { reason: reason ?? null, refund_transaction_id: refund_transaction_id ?? null },
        }),
      ),
    [ordersKey],
  );
}

export function useFreezeOrder() {
  return useChange(
    ({ id, reason }: { id: number; reason: string }) =>
      unwrap(
        api.POST('/v1/admin/orders/{order_id}/freeze', {
          params: { path: { order_id: id } },
          body: { reason },
        }),
      ),
    [ordersKey],
  );
}

export function useKeygen() {
  return useMutation({
    mutationFn: (body: { sku: string; count: number }) =>
      unwrap(api.POST('/v1/admin/keygen', { body })),
  });
}
