import { TrackersAdmin } from '@/features/admin/trackers/TrackersAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/trackers?per_page=1');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('guard.trackers.title'));
  return <TrackersAdmin />;
}
