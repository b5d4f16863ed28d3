import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from '@/lib/zod';

/** What a field component (InputField, SelectField...) takes to be bound to a form's field. */
export type BoundField<N extends string> = UseFormRegisterReturn<N> & {
  id: string;
  error: FieldError | undefined;
};

/**
 * `field('email', 'card-email')`: a form field's control id, its error and its registration, to
 * spread on a field component in one go.
 */
function fieldBinder<In extends FieldValues, Out extends FieldValues>(
  form: UseFormReturn<In, unknown, Out>,
) {
  return <N extends Path<In>>(
    name: N,
    id: string,
    options?: RegisterOptions<In, N>,
  ): BoundField<N> => ({
    id,
    error: form.getFieldState(name, form.formState).error,
    ...form.register(name, options),
  });
}

/**
 * react-hook-form's form with the field errors and a field binder at hand (a form whose resolver
 * is its own; most start with `useZodForm`).
 */
export function useBoundForm<In extends FieldValues, Out extends FieldValues = In>(
  options: UseFormProps<In, unknown, Out>,
) {
  const form = useForm<In, unknown, Out>(options);
  // Read while rendering, so the form state proxy re-renders the caller when the errors change.
  return { ...form, errors: form.formState.errors, field: fieldBinder(form) };
}

/**
 * react-hook-form's form, checked by a zod schema (its input and output types come from the
 * schema), with the field errors and a field binder at hand: how the app's forms start.
 */
export function useZodForm<In extends FieldValues, Out extends FieldValues = In>(
  schema: z.ZodType<Out, In>,
  // NoInfer: the schema says what the form holds, not a partial `defaultValues`.
  options: Omit<UseFormProps<NoInfer<In>, unknown, NoInfer<Out>>, 'resolver'> = {},
) {
  return useBoundForm<In, Out>({ resolver: zodResolver(schema), ...options });
}
