import { useTranslation } from 'react-i18next';
import { useUser } from '../../features/auth/session';
import { useConfig } from '../../features/config/config';
import { UsernameForm } from '../../features/usernames/UsernameForm';
import { useTitle } from '../../hooks/useTitle';

/** /user/submit: add a username. */
export function Component() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { default_app } = useConfig();
  useTitle(t('listings.form.submitTitle'));
  if (!user) return null;
  return (
    <div className="addme-narrow">
      <h1 className="h3 mb-1">{t('listings.form.submitTitle')}</h1>
      <p className="text-body-secondary mb-4">{t('listings.form.submitLead')}</p>
      <UsernameForm user={user} defaultApp={default_app} />
    </div>
  );
}
