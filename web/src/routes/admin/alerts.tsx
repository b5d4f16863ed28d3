import { AlertsAdmin } from '@/features/admin/alerts/AlertsAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/alerts');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.alerts'));
  return <AlertsAdmin />;
}
