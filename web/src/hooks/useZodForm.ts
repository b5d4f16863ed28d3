import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from '@/lib/zod';

/**
 * react-hook-form's form, checked by a zod schema (its input and output types come from the
 * schema), with the field errors at hand: how the app's forms start.
 */
export function useZodForm<In extends FieldValues, Out extends FieldValues = In>(
  schema: z.ZodType<Out, In>,
  options: Omit<UseFormProps<In, unknown, Out>, 'resolver'> = {},
) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), ...options });
  // Read while rendering, so the form state proxy re-renders the caller when the errors change.
  return { ...form, errors: form.formState.errors };
}
