import { useTranslation } from 'react-i18next';
import { ReportsQueue } from '@/features/moderation/ReportsQueue';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.reports'));
  return <ReportsQueue />;
}
