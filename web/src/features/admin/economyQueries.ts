import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, transaction_id }: { id: number; transaction_id: string }) =>
      unwrap(
        api.POST('/v1/admin/orders/{order_id}/confirm', {
          params: { path: { order_id: id } },
          body: { transaction_id },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}

export function useFreezeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      unwrap(
        api.POST('/v1/admin/orders/{order_id}/freeze', {
          params: { path: { order_id: id } },
          body: { reason },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}

export function useKeygen() {
  return useMutation({
    mutationFn: (body: { sku: string; count: number }) =>
      unwrap(api.POST('/v1/admin/keygen', { body })),
  });
}
