import { AppealsQueue } from '@/features/moderation/AppealsQueue';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.appeals'));
  return <AppealsQueue />;
}
