import { useQuery } from '@tanstack/react-query';
import { HealthPanel } from '@/features/admin/HealthPanel';
import { MaintenancePanel } from '@/features/admin/MaintenancePanel';
import { Overview } from '@/features/moderation/Overview';
import { overviewQuery } from '@/features/moderation/queries';
import { TodayFigures } from '@/features/stats/TodayFigures';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { adminMeQuery } from '@/session/staff';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('admin.title'));
  const me = useQuery(adminMeQuery);
  const overview = useQuery(overviewQuery);
  return (
    <div>
      <h1 className="h3">{t('admin.title')}</h1>
      <p className="text-body-secondary">{t('mod.home.intro')}</p>
      {overview.data?.today && <TodayFigures figures={overview.data.today} />}
      {me.data?.permissions.includes('admin.maintenance') && <MaintenancePanel />}
      <Overview health={<HealthPanel />} />
    </div>
  );
}
