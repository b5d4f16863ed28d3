import { useTranslation } from 'react-i18next';
import { AuthCard } from '@/features/auth/AuthCard';
import { RegisterForm } from '@/features/auth/RegisterForm';

export function Component() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <RegisterForm />
    </AuthCard>
  );
}
