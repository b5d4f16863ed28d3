import type { ButtonHTMLAttributes } from 'react';

type Variant =
  | 'accent'
  | 'success'
  | 'danger'
  | 'secondary'
  | 'outline-secondary'
  | 'outline-danger'
  | 'outline-primary';

/**
 * A button that acts on the page (never submits a form), at the size a finger can hit: the admin's
 * one button. `small` for a row's own actions; `className` adds layout (flex-fill, ms-auto…).
 */
export function ActionButton({
  variant = 'outline-secondary',
  small = false,
  className,
  ...button
}: {
  variant?: Variant;
  small?: boolean;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>) {
  const classes = ['btn', `btn-${variant}`, 'btn-touch', small && 'btn-sm', className];
  return <button type="button" className={classes.filter(Boolean).join(' ')} {...button} />;
}
