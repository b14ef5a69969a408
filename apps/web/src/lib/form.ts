import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrors } from './errors';

/**
 * Shows the server's per-field messages (400 validation, 409 conflicts) under the matching
 * inputs, focusing the first. Returns true when at least one field got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  names: readonly Path<T>[],
): boolean {
  const fields = fieldErrors(error);
  if (!fields) return false;
  let applied = false;
  for (const name of names) {
    const message = fields[name];
    if (!message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
