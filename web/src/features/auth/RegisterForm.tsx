import { useMutation } from '@tanstack/react-query';
import { Alert, Form } from 'react-bootstrap';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { api, unwrap } from '@/api/client';
import { CaptchaField } from '@/components/Captcha';
import { EmailField } from '@/components/CredentialFields';
import { CheckField, SubmitButton } from '@/components/FormField';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { useFormStamp } from '@/hooks/useFormStamp';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useZodForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { type RegisterValues, registerSchema } from '@/lib/credentials';
import { ResendConfirmation } from './ResendConfirmation';

const FIELDS = ['email', 'password', 'password_confirmation', 'terms', 'captcha_token'] as const;

export function RegisterForm() {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, setValue, errors, field } = useZodForm(registerSchema, {
    defaultValues: { terms: false, captcha_token: '' },
  });
  const formStamp = useFormStamp();

  const signUp = useMutation({
    mutationFn: (values: RegisterValues) =>
      unwrap(api.POST('/v1/auth/register', { body: { ...values, form_ts: formStamp() } })),
    onError: (error) => applyServerErrors(error, setError, FIELDS),
  });

  if (signUp.isSuccess) {
    return (
      <Alert variant="success" className="mb-0" data-testid="register-success">
        <Alert.Heading className="h5">{t('auth.registeredTitle')}</Alert.Heading>
        <p className="mb-2">{signUp.data?.message}</p>
        <p className="mb-0 small">{t('auth.checkSpam')}</p>
        <ResendConfirmation email={signUp.variables?.email ?? ''} waitFirst />
      </Alert>
    );
  }

  return (
    <Form noValidate onSubmit={handleSubmit((v) => signUp.mutate(v))}>
      <EmailField label={t('auth.email')} {...field('email', 'register-email')} />
      <NewPasswordFields
        idPrefix="register"
        label={t('auth.password')}
        register={register}
        errors={errors}
      />
      <CheckField
        label={<Trans i18nKey="auth.acceptTerms" components={{ terms: <Link to="/terms" /> }} />}
        {...field('terms', 'register-terms')}
      />
      <CaptchaField form={{ setValue, errors }} />
      {errors.root?.server && <Alert variant="danger">{errors.root.server.message}</Alert>}
      <SubmitButton pending={signUp.isPending} className="w-100">
        {t('auth.registerSubmit')}
      </SubmitButton>
      <p className="text-center mt-4 mb-0">
        {t('auth.haveAccount')} <Link to="/auth/login">{t('auth.loginLink')}</Link>
      </p>
    </Form>
  );
}
