import { useSearchParams } from 'react-router';
import { ContactForm } from '@/features/contact/ContactForm';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** /contact-us (?reason=nokey preselects a reason). */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  useTitle(t('community.contact.title'));
  return (
    <div className="mx-auto" style={{ maxWidth: 680 }}>
      <h1 className="h3 mb-2">{t('community.contact.title')}</h1>
      <p className="text-body-secondary">{t('community.contact.lead')}</p>
      <ContactForm initialReason={search.get('reason')} />
    </div>
  );
}
