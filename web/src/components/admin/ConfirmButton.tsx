import type { ReactNode } from 'react';
import { toast } from '@/toasts/toastStore';

/** A button that asks first (a warning toast with its own confirm) and acts only on yes. */
export function ConfirmButton({
  question,
  title,
  onConfirm,
  disabled,
  className = 'btn btn-sm btn-outline-danger btn-touch',
  children,
}: {
  question: string;
  /** The toast's title (its confirm button's text). */
  title?: string;
  onConfirm: () => void;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      onClick={() => toast.confirm(question, onConfirm, title)}
    >
      {children}
    </button>
  );
}
