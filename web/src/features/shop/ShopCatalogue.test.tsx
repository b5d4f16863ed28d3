import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueQuery } from '@/api/catalogue';
import { renderRoutes } from '@/test/render';
import type { Catalogue, Product } from './queries';
import { ShopCatalogue } from './ShopCatalogue';

const product = (overrides: Partial<Product>): Product => ({
  card_price: '4.99',
  checkout_url: '/shop/checkout/TOPUP5',
  crypto_price: '4.49',
  currency: 'USD',
  days: 0,
  entitlement: null,
  fire_pins: 0,
  name: '5 Top-Ups',
  sku: 'TOPUP5',
  top_ups: 5,
  ...overrides,
});

function shop(catalogue: Partial<Catalogue>) {
  const view = renderRoutes([{ path: '*', element: <ShopCatalogue /> }], { path: '/shop' });
  view.queryClient.setQueryData(catalogueQuery.queryKey, {
    card_checkout: 'local',
    crypto_contact_url: null,
    crypto_fees: [],
    delivery_note: '',
    networks: [],
    products: [],
    test_mode: false,
    ...catalogue,
  } as Catalogue);
  return view;
}

describe('the shop catalogue', () => {
  it('says when it is in test mode and when a product cannot be paid by card, with each price', async () => {
    shop({
      test_mode: true,
      products: [
        product({}),
        product({ sku: 'VIP30', name: 'VIP, 30 days', card_price: '19.99', checkout_url: null }),
      ],
    });
    expect(await screen.findByTestId('test-mode')).toHaveTextContent(
      /Test mode: no money is taken/,
    );
    expect(screen.getByTestId('test-mode')).toHaveClass('alert', 'alert-warning');
    expect(screen.getByTestId('card-unavailable')).toHaveTextContent(
      /Card checkout is not available for some products right now/,
    );
    expect(screen.getByText('$4.99')).toBeInTheDocument();
    expect(screen.getByText('$19.99')).toBeInTheDocument();
  });

  it('says nothing of the kind for a live shop whose products all pay by card', async () => {
    shop({ products: [product({})] });
    expect(await screen.findByText('$4.99')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
