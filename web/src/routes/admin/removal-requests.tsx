import { useTranslation } from 'react-i18next';
import { RemovalQueue } from '@/features/moderation/RequestQueues';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.removal'));
  return <RemovalQueue />;
}
