import { useTranslation } from 'react-i18next';
import { ContactInbox } from '@/features/moderation/ContactInbox';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.contact'));
  return <ContactInbox />;
}
