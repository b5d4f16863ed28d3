import { Form } from 'react-bootstrap';
import type { FieldError, FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';

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
      <FormField
        id={`${idPrefix}-password`}
        label={label}
        error={passwordError}
        hint={t('auth.passwordHint')}
      >
        <Form.Control
          type="password"
          autoComplete="new-password"
          isInvalid={!!passwordError}
          {...register('password' as Path<T>)}
        />
      </FormField>
      <FormField
        id={`${idPrefix}-password-confirmation`}
        label={t('auth.passwordConfirmation')}
        error={confirmationError}
      >
        <Form.Control
          type="password"
          autoComplete="new-password"
          isInvalid={!!confirmationError}
          {...register('password_confirmation' as Path<T>)}
        />
      </FormField>
    </>
  );
}
