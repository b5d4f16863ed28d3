import { NoticesQueue } from '@/features/moderation/NoticesQueue';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.notices'));
  return <NoticesQueue />;
}
