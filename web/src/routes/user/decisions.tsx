import { MyDecisions } from '@/features/decisions/MyDecisions';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('decisions.mine.title'));
  return <MyDecisions />;
}
