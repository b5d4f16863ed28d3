import type { ComponentProps } from 'react';
import { InputField } from './FormField';

/**
 * What a field passes on to its input: `{...register('email')}` (name, ref, onChange, onBlur) or a
 * controlled `value`/`onChange`, plus any attribute to override (autoComplete, maxLength...).
 */
type FieldProps = Omit<ComponentProps<typeof InputField>, 'type'>;

/** An e-mail address, as login, register, forgot-password, contact and the shop ask it. */
export function EmailField(props: FieldProps) {
  return <InputField type="email" autoComplete="email" inputMode="email" {...props} />;
}

/**
 * A password the member already has (login, change password, delete account); a new one with its
 * confirmation is `NewPasswordFields`, built on this field.
 */
export function PasswordField(props: FieldProps) {
  return <InputField type="password" autoComplete="current-password" {...props} />;
}
