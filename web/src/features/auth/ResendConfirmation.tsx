import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { api, unwrap } from '@/api/client';
import { useConfig } from '@/config/config';
import { useTranslation } from '@/i18n/useTranslation';

/** "Resend the confirmation email": after registering and on the unconfirmed-login message. */
export function ResendConfirmation({
  email,
  waitFirst = false,
}: {
  email: string;
  /** Right after a mail was sent (registration): the first resend waits too. */
  waitFirst?: boolean;
}) {
  const { t } = useTranslation();
  // The server sends at most one mail per this many seconds (a minute by default): the button waits as long.
  const waitSeconds = useConfig().confirmation_resend_seconds;
  const [wait, setWait] = useState(waitFirst ? waitSeconds : 0);
  const resend = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/auth/email-confirmation/resend', { body: { email } })),
    onSuccess: () => setWait(waitSeconds),
  });

  useEffect(() => {
    if (wait <= 0) return;
    const id = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(id);
  }, [wait]);

  return (
    <div className="mt-3" data-testid="resend-confirmation">
      <Button
        variant="outline-secondary"
        className="btn-touch w-100"
        disabled={resend.isPending || wait > 0 || !email}
        onClick={() => resend.mutate()}
      >
        {wait > 0 ? t('auth.resendWait', { seconds: wait }) : t('auth.resend')}
      </Button>
      {resend.isSuccess && (
        <p className="small mt-2 mb-0" role="status">
          {resend.data.message}
        </p>
      )}
    </div>
  );
}

/** The refusal of an unconfirmed login, in place under the form with its way out. */
export function UnconfirmedNotice({ message, email }: { message: string; email: string }) {
  return (
    <Alert variant="warning" data-testid="login-unconfirmed" className="mb-3">
      <p className="mb-0">{message}</p>
      <ResendConfirmation email={email} />
    </Alert>
  );
}
