import type { ComponentProps, ReactNode } from 'react';
import { Form } from 'react-bootstrap';

/** A field's small label above its control (the admin forms' one layout for a field). */
export function Labelled({
  id,
  label,
  className,
  strong = false,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  /** A label of its own weight (a dialog's fields, one under the other). */
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Form.Label htmlFor={id} className={strong ? 'fw-medium' : 'small mb-1'}>
        {label}
      </Form.Label>
      {children}
    </div>
  );
}

/** A text field with its label above it (and its help under it); `layout` is the box's class. */
export function TextField({
  id,
  label,
  layout,
  help,
  strong,
  ...control
}: { id: string; label: string; layout?: string; help?: string; strong?: boolean } & ComponentProps<
  typeof Form.Control
>) {
  return (
    <Labelled id={id} label={label} className={layout} strong={strong}>
      <Form.Control id={id} {...control} />
      {help && <Form.Text>{help}</Form.Text>}
    </Labelled>
  );
}

/** A choice among a few values, with its label above it (and its help under it). */
export function SelectField({
  id,
  label,
  layout,
  value,
  onChange,
  options,
  help,
}: {
  id: string;
  label: string;
  /** The box's class (its column). */
  layout?: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  help?: string;
}) {
  return (
    <Labelled id={id} label={label} className={layout}>
      <Form.Select
        id={id}
        className="addme-touch-select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
      {help && <Form.Text>{help}</Form.Text>}
    </Labelled>
  );
}
