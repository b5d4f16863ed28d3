import { Form } from 'react-bootstrap';
import { Options } from '@/components/Options';

/** A select's options: first `any` (the empty value) when given, then `Options`' one per value. */
export function SelectOptions<V extends string>({
  any,
  values,
  text,
}: {
  any?: string;
  values: readonly V[];
  text: (value: V) => string;
}) {
  return (
    <>
      {any !== undefined && <option value="">{any}</option>}
      <Options values={values} label={text} />
    </>
  );
}

/** A labelled filter select in a row of them (the people pages' filter bars). */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  onChange,
  className = 'col-6 col-md-3 col-xl-2',
  ...options
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  any?: string;
  values: readonly V[];
  text: (value: V) => string;
}) {
  return (
    <div className={className}>
      <Form.Label htmlFor={id} className="small mb-1">
        {label}
      </Form.Label>
      <Form.Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <SelectOptions {...options} />
      </Form.Select>
    </div>
  );
}
