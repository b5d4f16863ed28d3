import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form } from 'react-bootstrap';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, unwrap } from '@/api/client';
import { ApiError } from '@/api/errors';
import { EmailField, PasswordField } from '@/components/CredentialFields';
import { SubmitButton } from '@/components/FormField';
import { errorText } from '@/errors/errorText';
import { useFormStamp } from '@/hooks/useFormStamp';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useZodForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { type LoginValues, loginSchema } from '@/lib/credentials';
import { safeRedirect } from '@/lib/redirect';
import { reloadUser } from '@/session/session';
import { UnconfirmedNotice } from './ResendConfirmation';

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const { handleSubmit, setError, getValues, field } = useZodForm(loginSchema);
  const formStamp = useFormStamp();

  const login = useMutation({
    mutationFn: (values: LoginValues) =>
      unwrap(api.POST('/v1/auth/login', { body: { ...values, form_ts: formStamp() } })),
    onSuccess: async () => {
      // The session cookie is set by the server; the token is never kept by the browser app.
      await reloadUser(queryClient);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    onError: (error) => applyServerErrors(error, setError, ['email', 'password']),
  });

  // 403: unconfirmed (with a resend button) or banned, shown here rather than as a toast.
  const refusal =
    login.error instanceof ApiError && login.error.status === 403 ? login.error : null;
  const refusalText =
    refusal && errorText(refusal, t, { context: { email_unconfirmed: 'auth.unconfirmed' } });

  return (
    <Form noValidate onSubmit={handleSubmit((v) => login.mutate(v))}>
      {refusal?.code === 'email_unconfirmed' && (
        <UnconfirmedNotice message={refusalText ?? ''} email={getValues('email')} />
      )}
      {refusal && refusal.code !== 'email_unconfirmed' && (
        <Alert variant="danger" data-testid="login-refused">
          {refusalText}
        </Alert>
      )}
      <EmailField label={t('auth.email')} {...field('email', 'login-email')} />
      <PasswordField label={t('auth.password')} {...field('password', 'login-password')} />
      <div className="d-flex justify-content-end mb-3">
        <Link to="/auth/forgot-password" className="small">
          {t('auth.forgotLink')}
        </Link>
      </div>
      <SubmitButton pending={login.isPending} className="w-100">
        {t('auth.loginSubmit')}
      </SubmitButton>
      <p className="text-center mt-4 mb-0">
        {t('auth.noAccount')} <Link to="/auth/register">{t('auth.registerLink')}</Link>
      </p>
    </Form>
  );
}
