import { useTranslation } from 'react-i18next';
import { UnbanQueue } from '@/features/moderation/RequestQueues';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.unban'));
  return <UnbanQueue />;
}
