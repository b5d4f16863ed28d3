import { useParams } from 'react-router';
import { isStatsPage } from '@/features/stats/range';
import { StatsView } from '@/features/stats/StatsView';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/stats/pins?start=2000-01-01&end=2000-01-01');

/** /admin/stats and /admin/stats/<page>: one screen per figure (users when none is named). */
export function Component() {
  const { t } = useTranslation();
  const { page } = useParams();
  const name = isStatsPage(page) ? page : 'users';
  useTitle(t(`stats.page.${name}`));
  return <StatsView page={name} />;
}
