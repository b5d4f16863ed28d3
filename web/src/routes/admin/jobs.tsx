import { JobRunsAdmin } from '@/features/admin/JobRunsAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('upkeep.jobs.title'));
  return <JobRunsAdmin />;
}
