import { useTranslation } from 'react-i18next';
import { OrdersAdmin } from '@/features/admin/OrdersAdmin';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.admin.ordersTitle'));
  return <OrdersAdmin />;
}
