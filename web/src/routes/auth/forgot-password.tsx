import { AuthCard } from '@/features/auth/AuthCard';
import { ForgotPasswordForm } from '@/features/auth/PasswordForms';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.forgotTitle')}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
