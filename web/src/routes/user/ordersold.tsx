import { Link } from 'react-router';
import { OldOrdersList } from '@/features/shop/OldOrdersList';
import { useTranslation } from '@/i18n/useTranslation';
import '@/features/shop/shop.css';
import { useTitle } from '@/hooks/useTitle';

/** /user/ordersold: my orders over 90 days old whose entitlement has ended, paged. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('upkeep.oldOrders.title'));
  return (
    <div className="d-flex flex-column gap-4">
      <div>
        <h1 className="h3 mb-1">{t('upkeep.oldOrders.title')}</h1>
        <p className="text-body-secondary mb-2">{t('upkeep.oldOrders.intro')}</p>
        <Link to="/user/orders" className="small">
          {t('upkeep.oldOrders.back')}
        </Link>
      </div>
      <OldOrdersList />
    </div>
  );
}
