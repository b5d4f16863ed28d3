import { useParams } from 'react-router';
import { AuthCard } from '@/features/auth/AuthCard';
import { EmailConfirmation } from '@/features/auth/EmailConfirmation';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <AuthCard title={t('auth.confirmTitle')}>
      <EmailConfirmation token={token} />
    </AuthCard>
  );
}
