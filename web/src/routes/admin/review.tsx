import { ReviewQueue } from '@/features/moderation/ReviewQueue';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.review'));
  return <ReviewQueue />;
}
