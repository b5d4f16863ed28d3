import { AccountInfoForm } from '@/features/account/AccountInfoForm';
import { ConsentsForm } from '@/features/account/ConsentsForm';
import { DeleteAccountForm } from '@/features/account/DeleteAccountForm';
import { PasswordChangeForm } from '@/features/account/PasswordChangeForm';
import { SessionsList } from '@/features/account/SessionsList';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

function Section({
  title,
  children,
  danger = false,
}: {
  title: string;
  children: React.ReactNode;
  danger?: boolean;
}) {
  return (
    <section className={`addme-card p-4 mb-4 ${danger ? 'addme-card-danger' : ''}`}>
      <h2 className="h5 mb-3">{title}</h2>
      {children}
    </section>
  );
}

export function Component() {
  const { t } = useTranslation();
  useTitle(t('account.title'));
  return (
    <div className="addme-narrow">
      <h1 className="h3 mb-4">{t('account.title')}</h1>
      <Section title={t('account.information')}>
        <AccountInfoForm />
      </Section>
      <Section title={t('account.newPassword')}>
        <PasswordChangeForm />
      </Section>
      <Section title={t('account.privacy')}>
        <ConsentsForm />
      </Section>
      <Section title={t('account.sessions')}>
        <SessionsList />
      </Section>
      <Section title={t('account.deleteTitle')} danger>
        <DeleteAccountForm />
      </Section>
    </div>
  );
}
