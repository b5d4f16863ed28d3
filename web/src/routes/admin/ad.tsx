import { AdsAdmin } from '@/features/admin/ads/AdsAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/ads');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.ads'));
  return <AdsAdmin />;
}
