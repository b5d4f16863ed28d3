import { useMutation } from '@tanstack/react-query';
import { Alert, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { api, unwrap } from '@/api/client';
import { ButtonLink } from '@/components/ButtonLink';
import { EmailField } from '@/components/CredentialFields';
import { SubmitButton } from '@/components/FormField';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useZodForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { type ForgotValues, forgotSchema, type ResetValues, resetSchema } from '@/lib/credentials';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { handleSubmit, setError, field } = useZodForm(forgotSchema);
  const send = useMutation({
    mutationFn: (values: ForgotValues) =>
      unwrap(api.POST('/v1/auth/forgot-password', { body: values })),
    onError: (error) => applyServerErrors(error, setError, ['email']),
  });

  if (send.isSuccess) {
    return (
      <Alert variant="success" className="mb-0" data-testid="forgot-success">
        {send.data?.message}
      </Alert>
    );
  }
  return (
    <Form noValidate onSubmit={handleSubmit((v) => send.mutate(v))}>
      <p className="text-body-secondary">{t('auth.forgotIntro')}</p>
      <EmailField label={t('auth.email')} {...field('email', 'forgot-email')} />
      <SubmitButton pending={send.isPending} className="w-100">
        {t('auth.forgotSubmit')}
      </SubmitButton>
      <p className="text-center mt-4 mb-0">
        <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </p>
    </Form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, errors } = useZodForm(resetSchema);
  const reset = useMutation({
    mutationFn: (values: ResetValues) =>
      unwrap(api.POST('/v1/auth/reset-password', { body: { ...values, token } })),
    onError: (error) => applyServerErrors(error, setError, ['password', 'password_confirmation']),
  });
  // Field errors speak for themselves; anything else gets the spec's general message.
  const failedWithoutFields = reset.isError && !errors.password && !errors.password_confirmation;

  if (reset.isSuccess) {
    return (
      <Alert variant="success" className="mb-0" data-testid="reset-success">
        <p>{reset.data?.message}</p>
        <ButtonLink to="/auth/login" variant="accent">
          {t('auth.loginLink')}
        </ButtonLink>
      </Alert>
    );
  }
  return (
    <Form noValidate onSubmit={handleSubmit((v) => reset.mutate(v))}>
      <NewPasswordFields
        idPrefix="reset"
        label={t('auth.newPassword')}
        register={register}
        errors={errors}
      />
      {failedWithoutFields && (
        <Alert variant="danger" role="alert">
          {t('auth.resetFailed')}
        </Alert>
      )}
      <SubmitButton pending={reset.isPending} className="w-100">
        {t('auth.resetSubmit')}
      </SubmitButton>
    </Form>
  );
}
