import { useTranslation } from 'react-i18next';
import { AuthCard } from '@/features/auth/AuthCard';
import { ForgotPasswordForm } from '@/features/auth/PasswordForms';

export function Component() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.forgotTitle')}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
