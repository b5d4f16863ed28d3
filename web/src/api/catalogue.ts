import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';

/** The shop's products: the shop sells them, the admin's key generator picks from them. */
export const catalogueQuery = queryOptions({
  queryKey: ['shop', 'products'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/shop/products', { signal })),
  staleTime: 5 * 60_000,
});
