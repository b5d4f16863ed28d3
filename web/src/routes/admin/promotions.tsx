import { PromotionsAdmin } from '@/features/admin/catalog/PromotionsAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/promotions?per_page=1');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('catalog.promotions.title'));
  return <PromotionsAdmin />;
}
