import type {
  ComponentProps,
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
} from 'react';
import { Form, type FormControlProps, type FormSelectProps, Spinner } from 'react-bootstrap';
import type { FieldError, RefCallBack } from 'react-hook-form';
import { useTranslation } from '@/i18n/useTranslation';

/**
 * Translates a client-side message key; server messages are shown as the server wrote them, and a
 * plain string is a text the page has already written (a check outside the form's schema).
 */
export function useErrorText(error: FieldError | string | null | undefined): string | undefined {
  const { t } = useTranslation();
  if (typeof error === 'string') return error || undefined;
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : t(error.message);
}

/** The ids a field's error and hint carry, so that its control can name them (aria-describedby). */
const errorId = (id: string) => `${id}-error`;
const hintId = (id: string) => `${id}-hint`;

/**
 * A field's error under it: announced when it appears (role="alert"), and with `id` the id its
 * control names in aria-describedby. Renders nothing without a text.
 */
export function ErrorText({
  id,
  text,
  className = '',
}: {
  id?: string;
  text: string | null | undefined;
  className?: string;
}) {
  if (!text) return null;
  return (
    <div className={`invalid-feedback d-block ${className}`.trim()} id={id} role="alert">
      {text}
    </div>
  );
}

/**
 * What a control bound to a field gets: invalid while the field has an error, and described by the
 * error (else by the hint), so a screen reader reads either with the field.
 */
function describedBy(id: string, text: string | undefined, hint: ReactNode) {
  return {
    isInvalid: !!text,
    'aria-invalid': text ? true : undefined,
    'aria-describedby': text ? errorId(id) : hint ? hintId(id) : undefined,
  } as const;
}

/**
 * A text control's attributes: react-bootstrap's own (`as`, `plaintext`...), the input's (maxLength,
 * autoComplete, min...), a text area's rows, and what `register` passes (name, ref, onChange, onBlur).
 */
type ControlProps = Omit<FormControlProps, 'id' | 'isInvalid'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, keyof FormControlProps> & {
    rows?: number;
    ref?: Ref<HTMLInputElement> | RefCallBack;
  };

type SelectProps = Omit<FormSelectProps, 'id' | 'isInvalid'> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof FormSelectProps> & {
    ref?: Ref<HTMLSelectElement> | RefCallBack;
  };

/** What every field takes besides its control's own attributes. */
interface FieldProps {
  id: string;
  label: string;
  /** react-hook-form's error for the field, or a text the page wrote itself. */
  error?: FieldError | string | null;
  hint?: ReactNode;
  /** The group's class (its spacing). */
  className?: string;
}

/** Label above, control, then the hint or the error under the field. */
export function FormField({
  id,
  label,
  error,
  hint,
  className = 'mb-3',
  children,
}: FieldProps & { children: ReactNode }) {
  const text = useErrorText(error);
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label className="fw-medium">{label}</Form.Label>
      {children}
      {hint && !text && (
        <Form.Text className="d-block" id={hintId(id)}>
          {hint}
        </Form.Text>
      )}
      <ErrorText id={errorId(id)} text={text} />
    </Form.Group>
  );
}

/**
 * A text input or text area bound to a form field: `{...register('name')}` (or a controlled value)
 * and any attribute of its control (`as="textarea"`, `rows`, `maxLength`, `autoComplete`...).
 */
export function InputField({
  id,
  label,
  error,
  hint,
  className,
  ...control
}: FieldProps & ControlProps) {
  const text = useErrorText(error);
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      <Form.Control {...describedBy(id, text, hint)} {...control} />
    </FormField>
  );
}

/** A drop-down bound to a form field; its options are the children. */
export function SelectField({
  id,
  label,
  error,
  hint,
  className,
  children,
  ...control
}: FieldProps & SelectProps) {
  const text = useErrorText(error);
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      <Form.Select {...describedBy(id, text, hint)} {...control}>
        {children}
      </Form.Select>
    </FormField>
  );
}

/** A checkbox bound to a form field (a consent, a confirmation), its error under it. */
export function CheckField({
  id,
  label,
  error,
  className = 'mb-3',
  ...input
}: Omit<FieldProps, 'label' | 'hint'> & {
  /** Text, or a sentence with links (then the label is not a plain string). */
  label: ReactNode;
} & Omit<ComponentProps<'input'>, 'id' | 'type' | 'size' | 'className'>) {
  const text = useErrorText(error);
  return (
    <Form.Group className={className}>
      <Form.Check id={id} className="addme-check">
        <Form.Check.Input
          type="checkbox"
          {...describedBy(id, text, undefined)}
          {...(input as ComponentProps<typeof Form.Check.Input>)}
        />
        <Form.Check.Label>{label}</Form.Check.Label>
      </Form.Check>
      <ErrorText id={errorId(id)} text={text} />
    </Form.Group>
  );
}

/**
 * A set of choices under one legend (radio buttons, usually): the choices are the children, then
 * the hint or the error. The group names its error, so a screen reader reads it with the legend.
 */
export function ChoiceGroup({
  id,
  legend,
  error,
  hint,
  className = 'mb-3',
  hidden,
  children,
}: Omit<FieldProps, 'label'> & { legend: string; hidden?: boolean; children: ReactNode }) {
  const text = useErrorText(error);
  return (
    <fieldset
      className={className}
      hidden={hidden}
      aria-describedby={text ? errorId(id) : hint ? hintId(id) : undefined}
    >
      <legend className="form-label fw-medium fs-6">{legend}</legend>
      {children}
      {hint && (
        <Form.Text className="d-block" id={hintId(id)}>
          {hint}
        </Form.Text>
      )}
      <ErrorText id={errorId(id)} text={text} />
    </fieldset>
  );
}

/** Shows progress while pending and cannot be pressed twice. */
export function SubmitButton({
  pending,
  children,
  variant = 'accent',
  className = '',
}: {
  pending: boolean;
  children: React.ReactNode;
  variant?: 'accent' | 'danger' | 'outline-danger';
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className={`btn btn-${variant} btn-touch ${className}`}
      disabled={pending}
      aria-busy={pending}
    >
      {pending ? (
        <>
          <Spinner size="sm" className="me-2" aria-hidden="true" />
          {t('form.working')}
        </>
      ) : (
        children
      )}
    </button>
  );
}
