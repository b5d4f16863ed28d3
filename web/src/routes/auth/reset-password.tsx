import { useParams } from 'react-router';
import { AuthCard } from '@/features/auth/AuthCard';
import { ResetPasswordForm } from '@/features/auth/PasswordForms';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <AuthCard title={t('auth.resetTitle')}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
