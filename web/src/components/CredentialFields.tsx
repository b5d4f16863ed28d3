import type { ComponentProps } from 'react';
import { Form } from 'react-bootstrap';
import type { FieldError } from 'react-hook-form';
import { FormField } from './FormField';

/**
 * What a field passes on to its input: `{...register('email')}` (name, ref, onChange, onBlur) or a
 * controlled `value`/`onChange`, plus any attribute to override (autoComplete, maxLength...).
 */
type InputProps = Omit<ComponentProps<'input'>, 'id' | 'type' | 'size'>;

interface FieldProps extends InputProps {
  id: string;
  label: string;
  error?: FieldError;
  hint?: string;
  className?: string;
}

function Field({
  id,
  label,
  error,
  hint,
  className,
  type,
  ...input
}: FieldProps & { type: 'email' | 'password' }) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      <Form.Control
        type={type}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...(input as ComponentProps<typeof Form.Control>)}
      />
    </FormField>
  );
}

/** An e-mail address, as login, register, forgot-password, contact and the shop ask it. */
export function EmailField(props: FieldProps) {
  return <Field type="email" autoComplete="email" inputMode="email" {...props} />;
}

/**
 * A password the member already has (login, change password, delete account); a new one with its
 * confirmation is `NewPasswordFields`, built on this field.
 */
export function PasswordField(props: FieldProps) {
  return <Field type="password" autoComplete="current-password" {...props} />;
}
