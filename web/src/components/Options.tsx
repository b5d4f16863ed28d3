import type { ReactNode } from 'react';

/** A drop-down's options: one per value (or per item, named by `valueKey`), worded by `label`. */
export function Options<V extends string | number>(props: {
  values: readonly V[];
  label: (value: V) => ReactNode;
}): ReactNode;
export function Options<T>(props: {
  values: readonly T[];
  label: (item: T) => ReactNode;
  valueKey: (item: T) => string;
}): ReactNode;
export function Options<T>({
  values,
  label,
  valueKey = String,
}: {
  values: readonly T[];
  label: (item: T) => ReactNode;
  valueKey?: (item: T) => string;
}) {
  return values.map((item) => (
    <option key={valueKey(item)} value={valueKey(item)}>
      {label(item)}
    </option>
  ));
}
