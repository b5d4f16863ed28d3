import { useMutation } from '@tanstack/react-query';
import { Form } from 'react-bootstrap';
import { api, unwrap } from '@/api/client';
import { PasswordField } from '@/components/CredentialFields';
import { SubmitButton } from '@/components/FormField';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useZodForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { type ChangePasswordValues, changePasswordSchema } from '@/lib/credentials';
import { toast } from '@/toasts/toastStore';

export function PasswordChangeForm() {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, reset, errors, field } =
    useZodForm(changePasswordSchema);

  const change = useMutation({
    mutationFn: (body: ChangePasswordValues) => unwrap(api.POST('/v1/user/password', { body })),
    onSuccess: (data) => {
      reset({ current_password: '', password: '', password_confirmation: '' });
      toast.success(data?.message || t('account.passwordUpdated'));
    },
    onError: (error) =>
      applyServerErrors(error, setError, ['current_password', 'password', 'password_confirmation']),
  });

  return (
    <Form noValidate onSubmit={handleSubmit((v) => change.mutate(v))}>
      <PasswordField
        label={t('account.currentPassword')}
        {...field('current_password', 'current-password')}
      />
      <NewPasswordFields
        idPrefix="new"
        label={t('auth.newPassword')}
        register={register}
        errors={errors}
      />
      <SubmitButton pending={change.isPending}>{t('account.changePassword')}</SubmitButton>
    </Form>
  );
}
