import { ContactInbox } from '@/features/moderation/ContactInbox';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.contactQueue'));
  return <ContactInbox view="queue" />;
}
