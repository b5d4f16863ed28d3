import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/api/errors';

/**
 * Puts a 422's field errors under their fields (spec section 5: "Form server errors shown on HTTP
 * 422"). Returns true when at least one field got its error.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (fields.includes(field as Path<T>) && messages[0]) {
      setError(
        field as Path<T>,
        { type: 'server', message: messages[0] },
        { shouldFocus: !applied },
      );
      applied = true;
    }
  }
  if (!applied && error.hasFieldErrors) {
    setError('root.server' as Path<T>, {
      type: 'server',
      message: Object.values(error.fieldErrors).flat().join(' '),
    });
    applied = true;
  }
  return applied;
}
