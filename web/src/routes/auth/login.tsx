import { useTranslation } from 'react-i18next';
import { AuthCard } from '@/features/auth/AuthCard';
import { LoginForm } from '@/features/auth/LoginForm';

export function Component() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <LoginForm />
    </AuthCard>
  );
}
