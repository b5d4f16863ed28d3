import type { FieldError, FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '@/i18n/useTranslation';
import { PasswordField } from './CredentialFields';

interface NewPassword {
  password: string;
  password_confirmation: string;
}

/** The new password and its confirmation, as register, reset and change-password all ask them. */
export function NewPasswordFields<T extends FieldValues & NewPassword>({
  idPrefix,
  label,
  register,
  errors,
}: {
  idPrefix: string;
  label: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const { t } = useTranslation();
  const passwordError = errors.password as FieldError | undefined;
  const confirmationError = errors.password_confirmation as FieldError | undefined;
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        label={label}
        error={passwordError}
        hint={t('auth.passwordHint')}
        autoComplete="new-password"
        {...register('password' as Path<T>)}
      />
      <PasswordField
        id={`${idPrefix}-password-confirmation`}
        label={t('auth.passwordConfirmation')}
        error={confirmationError}
        autoComplete="new-password"
        {...register('password_confirmation' as Path<T>)}
      />
    </>
  );
}
