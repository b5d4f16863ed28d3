import { AutomationsAdmin } from '@/features/admin/catalog/AutomationsAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/automations?per_page=1');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('catalog.automations.title'));
  return <AutomationsAdmin />;
}
