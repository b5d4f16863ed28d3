import { AuthCard } from '@/features/auth/AuthCard';
import { RegisterForm } from '@/features/auth/RegisterForm';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <RegisterForm />
    </AuthCard>
  );
}
