import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { api, unwrap } from '@/api/client';
import { PasswordField } from '@/components/CredentialFields';
import { SubmitButton } from '@/components/FormField';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useTranslation } from '@/i18n/useTranslation';
import { clearAgeConfirmation } from '@/session/ageGate';
import { clearSession } from '@/session/session';
import { toast } from '@/toasts/toastStore';

interface Values {
  password: string;
}

/** Needs the password, then a confirm toast; the account is hidden at once (30 days to restore). */
export function DeleteAccountForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { password: '' } });

  const remove = useMutation({
    mutationFn: (body: Values) => unwrap(api.DELETE('/v1/user/account', { body })),
    onSuccess: (data) => {
      toast.success(data?.message || t('account.deleted'));
      clearAgeConfirmation();
      clearSession(queryClient);
      navigate('/');
    },
    onError: (error) => applyServerErrors(error, setError, ['password']),
  });

  const onSubmit = (values: Values) => {
    if (!values.password) {
      setError('password', { type: 'required', message: 'form.required' });
      return;
    }
    toast.show({
      type: 'danger',
      title: t('account.deleteConfirmTitle'),
      message: t('account.deleteConfirm'),
      confirm: { onConfirm: () => remove.mutate(values), confirmLabel: t('account.deleteSubmit') },
    });
  };

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)}>
      <p className="text-body-secondary">{t('account.deleteIntro')}</p>
      <PasswordField
        id="delete-password"
        label={t('account.confirmPassword')}
        error={errors.password}
        {...register('password')}
      />
      <SubmitButton pending={remove.isPending} variant="outline-danger">
        {t('account.deleteSubmit')}
      </SubmitButton>
    </Form>
  );
}
