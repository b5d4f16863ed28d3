import { useTranslation } from 'react-i18next';
import { ReviewQueue } from '@/features/moderation/ReviewQueue';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.review'));
  return <ReviewQueue />;
}
