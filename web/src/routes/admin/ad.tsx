import { useTranslation } from 'react-i18next';
import { AdsAdmin } from '@/features/admin/ads/AdsAdmin';
import { useTitle } from '@/hooks/useTitle';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/ads');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.ads'));
  return <AdsAdmin />;
}
