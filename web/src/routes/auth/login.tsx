import { AuthCard } from '@/features/auth/AuthCard';
import { LoginForm } from '@/features/auth/LoginForm';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <LoginForm />
    </AuthCard>
  );
}
