import { ButtonLink } from '@/components/ButtonLink';
import { Icon, type IconName } from '@/components/Icon';
import { useTranslation } from '@/i18n/useTranslation';
import { formatMoney } from '@/lib/format';
import { type Product, productTextKey } from './queries';

function iconFor(product: Product): IconName {
  if (product.fire_pins > 0) return 'flame';
  if (product.entitlement === 'studio') return 'shield';
  if (product.entitlement === 'vip') return 'heart';
  return 'zap';
}

/** One product: name, price, what it gives in plain words, and its checkout in a new tab. */
export function ProductCard({
  product,
  price,
  children,
}: {
  product: Product;
  price: 'card' | 'crypto';
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const key = productTextKey(product.sku);
  const amount = price === 'card' ? product.card_price : product.crypto_price;
  const featured = product.sku === 'vip-month';
  return (
    <article
      className={`addme-card shop-card h-100 p-3 p-sm-4 d-flex flex-column${featured ? ' shop-card-featured' : ''}`}
      data-testid={`product-${product.sku}`}
    >
      <div className="d-flex align-items-center gap-3 mb-2">
        <span className="wallet-icon" aria-hidden="true">
          <Icon name={iconFor(product)} size={22} />
        </span>
        <div className="min-w-0 flex-grow-1">
          <h3 className="h6 mb-0 fw-semibold">
            {t(`${key}.name`, { defaultValue: product.name })}
          </h3>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <span className="shop-price" data-testid="price">
              {formatMoney(amount, product.currency, i18n.language)}
            </span>
            {featured && <span className="badge shop-badge">{t('shop.bestValue')}</span>}
          </div>
        </div>
      </div>
      <p className="text-body-secondary small flex-grow-1 mb-3">{t(`${key}.gives`)}</p>
      {children}
    </article>
  );
}

/** The card checkout for a product: the hosted shop in a new tab, or the app's own test checkout. */
export function CheckoutButton({ product }: { product: Product }) {
  const { t } = useTranslation();
  const name = t(`${productTextKey(product.sku)}.name`, { defaultValue: product.name });
  if (!product.checkout_url) {
    // No card checkout configured for this product: crypto still sells it.
    return (
      <div>
        <ButtonLink to="/shop/direct" className="w-100">
          {t('shop.payCrypto')}
        </ButtonLink>
      </div>
    );
  }
  if (product.checkout_url.startsWith('/')) {
    // The app's own (test-mode) checkout: same tab, like any page of the site.
    return (
      <ButtonLink
        to={product.checkout_url}
        variant="accent"
        className="w-100"
        aria-label={t('shop.checkoutLabelLocal', { product: name })}
      >
        {t('shop.checkout')}
      </ButtonLink>
    );
  }
  return (
    <a
      href={product.checkout_url}
      target="_blank"
      rel="noopener noreferrer"
      className="btn btn-accent btn-touch w-100"
      aria-label={t('shop.checkoutLabel', { product: name })}
    >
      {t('shop.checkout')}
    </a>
  );
}
