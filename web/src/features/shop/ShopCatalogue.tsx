import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { catalogueQuery } from '@/api/catalogue';
import { ButtonLink } from '@/components/ButtonLink';
import { useTranslation } from '@/i18n/useTranslation';
import { CheckoutButton, ProductCard } from './ProductCard';
import { type Product, SHELVES } from './queries';
import './shop.css';

export function ShopSkeleton() {
  return (
    <div aria-busy="true" className="placeholder-glow row g-3">
      {[1, 2, 3].map((n) => (
        <div className="col-12 col-md-6 col-xl-4" key={n}>
          <span className="placeholder col-12 rounded-4" style={{ height: '11rem' }} />
        </div>
      ))}
    </div>
  );
}

/** Groups the catalogue by shelf; products the shelves do not know go last. */
export function shelvesOf(products: Product[]) {
  const known = new Set(SHELVES.flatMap((s) => s.skus));
  const shelves = SHELVES.map((shelf) => ({
    key: shelf.key,
    products: shelf.skus
      .map((sku) => products.find((p) => p.sku === sku))
      .filter((p): p is Product => Boolean(p)),
  }));
  const rest = products.filter((p) => !known.has(p.sku));
  if (rest.length) shelves.push({ key: 'other', products: rest });
  return shelves.filter((s) => s.products.length > 0);
}

export function ShopNotes({ crypto = false }: { crypto?: boolean }) {
  const { t } = useTranslation();
  return (
    <aside className="addme-card p-3 p-sm-4 shop-notes" aria-labelledby="shop-notes-title">
      <h2 className="h6 text-uppercase text-body-secondary" id="shop-notes-title">
        {t('shop.notes.title')}
      </h2>
      <ul className="mb-0 ps-3 small">
        <li className="fw-semibold">{t('shop.notes.nonRefundable')}</li>
        <li>{crypto ? t('shop.notes.cryptoDelivery') : t('shop.notes.delivery')}</li>
        {crypto && <li>{t('shop.notes.unsettled')}</li>}
        <li>{t('shop.notes.apply')}</li>
        <li>
          {t('shop.notes.missing')} <Link to="/missing-key">{t('shop.notes.missingLink')}</Link>
        </li>
      </ul>
    </aside>
  );
}

export function ShopLegalLinks() {
  const { t } = useTranslation();
  return (
    <p className="small text-body-secondary mt-4 mb-0">
      <Link to="/shop/terms-of-service">{t('shop.legal.terms')}</Link>
      {' · '}
      <Link to="/shop/privacy-policy">{t('shop.legal.privacy')}</Link>
      {' · '}
      <Link to="/policy/refunds">{t('shop.legal.refunds')}</Link>
    </p>
  );
}

/** /shop: the card shop, one card per product with its checkout. */
export function ShopCatalogue() {
  const { t } = useTranslation();
  const catalogue = useQuery(catalogueQuery);
  // /shop#product-<sku> (a renew prompt's link) scrolls to that product and marks it.
  const { hash } = useLocation();
  const target = hash.startsWith('#product-') ? hash.slice('#product-'.length) : null;
  const loaded = Boolean(catalogue.data);
  useEffect(() => {
    if (!target || !loaded) return;
    document.getElementById(`product-${target}`)?.scrollIntoView({ block: 'center' });
  }, [target, loaded]);

  return (
    <div className="shop-page">
      <header className="shop-hero mb-4">
        <h1 className="h2 mb-2">{t('shop.title')}</h1>
        <p className="text-body-secondary mb-3">{t('shop.intro')}</p>
        <div className="d-flex flex-wrap gap-2">
          <ButtonLink to="/shop/direct">{t('shop.payCrypto')}</ButtonLink>
          <ButtonLink to="/user/orders">{t('shop.haveKey')}</ButtonLink>
        </div>
      </header>

      <div className="row g-4">
        <div className="col-lg-8 col-xl-9 order-2 order-lg-1">
          {catalogue.isPending && <ShopSkeleton />}
          {/* Bootstrap's alert markup, not React-Bootstrap's component: the shop is a first page,
              and its 17 kB (compressed) were loaded for these three boxes alone. */}
          {catalogue.isError && (
            <div className="alert alert-danger" role="alert">
              {t('shop.loadFailed')}
            </div>
          )}
          {catalogue.data?.test_mode && (
            <div className="alert alert-warning small" role="alert" data-testid="test-mode">
              {t('shop.testMode')}
            </div>
          )}
          {catalogue.data?.products.some((p) => !p.checkout_url) && (
            <div className="alert alert-info small" role="alert" data-testid="card-unavailable">
              {t('shop.checkoutUnavailable')}
            </div>
          )}
          {catalogue.data &&
            shelvesOf(catalogue.data.products).map((shelf) => (
              <section key={shelf.key} className="mb-4" aria-labelledby={`shelf-${shelf.key}`}>
                <h2 className="h5 mb-1" id={`shelf-${shelf.key}`}>
                  {t(`shop.shelves.${shelf.key}.title`)}
                </h2>
                <p className="small text-body-secondary mb-3">
                  {t(`shop.shelves.${shelf.key}.text`)}
                </p>
                <div className="row g-3">
                  {shelf.products.map((product) => (
                    <div
                      className={`col-12 col-md-6 col-xl-4${product.sku === target ? ' shop-target' : ''}`}
                      key={product.sku}
                      id={`product-${product.sku}`}
                    >
                      <ProductCard product={product} price="card">
                        <CheckoutButton product={product} />
                      </ProductCard>
                    </div>
                  ))}
                </div>
              </section>
            ))}
        </div>
        <div className="col-lg-4 col-xl-3 order-1 order-lg-2">
          <div className="shop-aside">
            <ShopNotes />
          </div>
        </div>
      </div>
      {/* Below the products, so only once they are there: drawn under the shorter skeleton, the
          links were pushed down (a layout shift) when the catalogue arrived. */}
      {!catalogue.isPending && <ShopLegalLinks />}
    </div>
  );
}
