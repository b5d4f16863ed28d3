import { useTranslation } from 'react-i18next';
import { AlertsAdmin } from '@/features/admin/alerts/AlertsAdmin';
import { useTitle } from '@/hooks/useTitle';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/alerts');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.alerts'));
  return <AlertsAdmin />;
}
