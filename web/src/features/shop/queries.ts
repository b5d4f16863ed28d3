import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, refusalsShownHere, unwrap } from '@/api/client';
import { listingsKey } from '@/api/queryKeys';
import type { components } from '@/api/schema.gen';
import { userKey } from '@/session/session';

export type Product = components['schemas']['ProductRead'];
export type Catalogue = components['schemas']['Catalogue'];
export type Network = components['schemas']['Network'];
export type DirectOrder = components['schemas']['DirectOrderRead'];
export type DirectOrderIn = components['schemas']['DirectOrderIn'];
export type Order = components['schemas']['OrderRead'];
export type KeyApplied = components['schemas']['KeyApplied'];
export type LocalCheckoutIn = components['schemas']['LocalCheckoutIn'];
export type LocalCheckout = components['schemas']['LocalCheckoutRead'];

/** These forms show their own refusals (a declined card, a bad transaction id) where they happen. */
const own = { middleware: [refusalsShownHere] };

/** Pays with the local test-mode checkout; the server sends the shop's webhook and mails the key. */
export function useLocalCheckout() {
  return useMutation({
    mutationFn: (body: LocalCheckoutIn) => unwrap(api.POST('/v1/shop/checkout', { body, ...own })),
  });
}

const directOrderKey = (token: string) => ['shop', 'direct-order', token] as const;

export function directOrderQuery(token: string) {
  return queryOptions({
    queryKey: directOrderKey(token),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/shop/direct/orders/{token}', {
          params: { path: { token } },
          signal,
          ...own,
        }),
      ),
    // The state moves when an admin confirms or freezes it: a buyer left on the page sees it.
    refetchInterval: 60_000,
    retry: false,
  });
}

export function useSendTransaction(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transaction_id: string) =>
      unwrap(
        api.POST('/v1/shop/direct/orders/{token}/transaction', {
          params: { path: { token } },
          body: { transaction_id },
          ...own,
        }),
      ),
    onSuccess: (order) => queryClient.setQueryData(directOrderKey(token), order),
  });
}

/** Keys start with 'user' so logout forgets them. */
export const myOrdersKey = ['user', 'orders'] as const;

export const myOrdersQuery = queryOptions({
  queryKey: myOrdersKey,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/user/orders', { signal })),
});

/** My older orders (over 90 days, nothing still running), one page at a time: /user/ordersold. */
export function myOldOrdersQuery(page: number) {
  return queryOptions({
    queryKey: [...myOrdersKey, 'old', page] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/user/orders/old', { params: { query: { page } }, signal })),
  });
}

export function useDirectOrder() {
  return useMutation({
    mutationFn: (body: DirectOrderIn) => unwrap(api.POST('/v1/shop/direct/orders', { body })),
  });
}

/** Applies a key; what it granted changes the user, the wallet, my usernames and the lists. */
export function useApplyKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => unwrap(api.POST('/v1/user/keys', { body: { key } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKey }),
        queryClient.invalidateQueries({ queryKey: ['user'] }),
        queryClient.invalidateQueries({ queryKey: listingsKey }),
      ]),
  });
}

export function useMissingKey() {
  return useMutation({
    mutationFn: (body: { order_number: string; email: string }) =>
      unwrap(api.POST('/v1/user/missing-key', { body })),
  });
}

/** The order of the shop's shelves, by SKU (the catalogue is the source of prices). */
export const SHELVES: { key: string; skus: string[] }[] = [
  { key: 'topups', skus: ['topup-20', 'topup-50', 'topup-100', 'topup-200', 'topup-400'] },
  { key: 'boosts', skus: ['fire-pin', 'vip-week', 'vip-month', 'auto-topup-month'] },
  { key: 'studio', skus: ['studio-week', 'studio-month'] },
];

/** Catalogue keys of the plain-words description of each product (wallet.json has no prices). */
export function productTextKey(sku: string): string {
  return `shop.products.${sku.replace(/-/g, '_')}`;
}

export const NETWORK_ORDER: Network[] = ['bep20', 'erc20-usdc', 'erc20-usdt', 'solana'];
