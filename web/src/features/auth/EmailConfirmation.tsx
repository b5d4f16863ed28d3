import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { api, unwrap } from '@/api/client';
import { ButtonLink } from '@/components/ButtonLink';
import { useTranslation } from '@/i18n/useTranslation';
import { reloadUser } from '@/session/session';
import { toast } from '@/toasts/toastStore';

/**
 * Posts the token from the e-mailed link once, on load. The server signs the member in with it,
 * so a confirmed member lands on /user signed in.
 */
export function EmailConfirmation({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sent = useRef(false);
  const confirm = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/auth/email-confirmation', { body: { token } })),
    onSuccess: async (data) => {
      if (!data.token) return;
      await reloadUser(queryClient);
      // Said once /user is there (a slow phone could spend the toast's seconds loading it).
      await navigate('/user', { replace: true });
      toast.show({ type: 'success', message: t('auth.confirmedSignedIn') });
    },
  });

  useEffect(() => {
    // Strict mode mounts twice in development: a token is single use, so send it once.
    if (sent.current) return;
    sent.current = true;
    confirm.mutate();
  }, [confirm]);

  if (confirm.isSuccess && !confirm.data?.token) {
    return (
      <div data-testid="confirm-success">
        <Alert variant="success">{t('auth.confirmed')}</Alert>
        <ButtonLink to="/auth/login" variant="accent" className="w-100">
          {t('auth.loginLink')}
        </ButtonLink>
      </div>
    );
  }
  if (confirm.isError) {
    return (
      <Alert variant="danger" className="mb-0" data-testid="confirm-error">
        {t('auth.confirmFailed')}
      </Alert>
    );
  }
  return (
    <div className="d-flex align-items-center gap-3" aria-busy="true">
      <Spinner size="sm" aria-hidden="true" />
      {t('auth.confirming')}
    </div>
  );
}
