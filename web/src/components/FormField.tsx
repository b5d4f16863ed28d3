import { Form, Spinner } from 'react-bootstrap';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from '@/i18n/useTranslation';

/** Translates a client-side message key; server messages are shown as the server wrote them. */
export function useErrorText(error: FieldError | undefined): string | undefined {
  const { t } = useTranslation();
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : t(error.message);
}

/** Label above, control, then the error under the field. */
export function FormField({
  id,
  label,
  error,
  hint,
  className = 'mb-3',
  children,
}: {
  id: string;
  label: string;
  error?: FieldError;
  hint?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const text = useErrorText(error);
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label className="fw-medium">{label}</Form.Label>
      {children}
      {hint && !text && <Form.Text className="d-block">{hint}</Form.Text>}
      {text && (
        <div className="invalid-feedback d-block" id={`${id}-error`} role="alert">
          {text}
        </div>
      )}
    </Form.Group>
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
