import { Link } from 'react-router';
import { ApplyKeyForm } from '@/features/shop/ApplyKeyForm';
import { OrdersList } from '@/features/shop/OrdersList';
import { useTranslation } from '@/i18n/useTranslation';
import '@/features/shop/shop.css';
import { useTitle } from '@/hooks/useTitle';

/** /user/orders: paste a private key, and my orders. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.orders.title'));
  return (
    <div className="d-flex flex-column gap-4">
      <div>
        <h1 className="h3 mb-1">{t('shop.orders.title')}</h1>
        <p className="text-body-secondary mb-0">
          {t('shop.orders.intro')} <Link to="/user/missing-key">{t('shop.orders.missing')}</Link>
        </p>
      </div>
      <ApplyKeyForm />
      <section aria-labelledby="orders-title">
        <h2 className="h5" id="orders-title">
          {t('shop.orders.listTitle')}
        </h2>
        <OrdersList />
        <p className="small text-body-secondary mt-3 mb-0">
          {t('upkeep.oldOrders.linkHint')}{' '}
          <Link to="/user/ordersold" data-testid="old-orders-link">
            {t('upkeep.oldOrders.link')}
          </Link>
        </p>
      </section>
    </div>
  );
}
