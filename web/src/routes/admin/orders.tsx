import { OrdersAdmin } from '@/features/admin/OrdersAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.admin.ordersTitle'));
  return <OrdersAdmin />;
}
