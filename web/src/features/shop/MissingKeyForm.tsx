import { Alert, Form } from 'react-bootstrap';
import { EmailField } from '@/components/CredentialFields';
import { InputField, SubmitButton } from '@/components/FormField';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useZodForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';
import { useMissingKey } from './queries';
import { missingKeySchema } from './schemas';

/** Order number (5 digits) + the checkout e-mail: the keys are sent again to that address. */
export function MissingKeyForm() {
  const { t } = useTranslation();
  const { user } = useUser();
  const resend = useMissingKey();
  const { handleSubmit, setError, field } = useZodForm(missingKeySchema, {
    defaultValues: { order_number: '', email: user?.email ?? '' },
  });

  return (
    <Form
      noValidate
      className="addme-card p-3 p-sm-4"
      onSubmit={handleSubmit((values) =>
        resend.mutate(values, {
          onError: (error) => applyServerErrors(error, setError, ['order_number', 'email']),
        }),
      )}
    >
      <InputField
        label={t('shop.missing.orderNumber')}
        hint={t('shop.missing.orderHint')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        {...field('order_number', 'missing-order')}
      />
      <EmailField label={t('shop.missing.email')} {...field('email', 'missing-email')} />
      {resend.data && (
        <Alert variant="success" className="small" data-testid="missing-key-result">
          {resend.data.message}
        </Alert>
      )}
      <SubmitButton pending={resend.isPending}>{t('shop.missing.submit')}</SubmitButton>
    </Form>
  );
}
