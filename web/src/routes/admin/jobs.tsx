import { useTranslation } from 'react-i18next';
import { JobRunsAdmin } from '@/features/admin/JobRunsAdmin';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('upkeep.jobs.title'));
  return <JobRunsAdmin />;
}
