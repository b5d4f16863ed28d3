import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ButtonLink';
import { EmailField } from '@/components/CredentialFields';
import { VerifyAgeButton } from '@/components/VerifyAgeButton';
import { AuthCard } from '@/features/auth/AuthCard';
import { ResendConfirmation } from '@/features/auth/ResendConfirmation';
import { useTranslation } from '@/i18n/useTranslation';
import { useVerificationRequired } from '@/session/ageVerification';
import { useUser } from '@/session/session';

/**
 * /auth/Verification (and /auth/email-confirmation without a link): where a newcomer lands to
 * confirm their e-mail, and where a member sees where their verifications stand.
 */
export function Component() {
  const { t } = useTranslation();
  const { user, isPending } = useUser();
  const [email, setEmail] = useState('');
  // Where the law requires it, the member starts the identity check here too.
  const required = useVerificationRequired();

  if (isPending) return <AuthCard title={t('auth.verifyTitle')}>{null}</AuthCard>;

  if (user) {
    return (
      <AuthCard title={t('auth.verifyTitle')}>
        <ul
          className="list-unstyled d-flex flex-column gap-2 mb-4"
          data-testid="verification-state"
        >
          <li>
            {user.email_confirmed ? '✓ ' : '• '}
            {user.email_confirmed ? t('auth.emailVerified') : t('auth.emailNotVerified')}
          </li>
          <li>
            {user.age_verified ? '✓ ' : '• '}
            {user.age_verified ? t('auth.ageVerified') : t('auth.ageNotVerified')}
          </li>
        </ul>
        {!user.age_verified && required && (
          <VerifyAgeButton className="btn btn-outline-secondary btn-touch w-100 mb-2" />
        )}
        {!user.age_verified && !required && (
          <ButtonLink to="/help#age-verification" className="w-100 mb-2">
            {t('auth.ageHowTo')}
          </ButtonLink>
        )}
        <ButtonLink to="/user" variant="accent" className="w-100">
          {t('auth.toMySpace')}
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.verifyTitle')} subtitle={t('auth.verifyIntro')}>
      <Alert variant="info" className="small">
        {t('auth.checkSpam')}
      </Alert>
      <EmailField
        id="verify-email"
        label={t('auth.email')}
        className="mb-2"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <ResendConfirmation email={/^\S+@\S+\.\S+$/.test(email) ? email : ''} />
      <p className="text-center mt-4 mb-0">
        {t('auth.haveAccount')} <Link to="/auth/login">{t('auth.loginLink')}</Link>
      </p>
    </AuthCard>
  );
}
