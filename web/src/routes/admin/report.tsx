import { ReportsQueue } from '@/features/moderation/ReportsQueue';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.reports'));
  return <ReportsQueue />;
}
