import { useTranslation } from 'react-i18next';
import { HealthPanel } from '@/features/admin/HealthPanel';
import { Overview } from '@/features/moderation/Overview';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('admin.title'));
  return (
    <div>
      <h1 className="h3">{t('admin.title')}</h1>
      <p className="text-body-secondary">{t('mod.home.intro')}</p>
      <Overview health={<HealthPanel />} />
    </div>
  );
}
