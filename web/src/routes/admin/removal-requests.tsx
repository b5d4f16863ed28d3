import { RemovalQueue } from '@/features/moderation/RequestQueues';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.removal'));
  return <RemovalQueue />;
}
