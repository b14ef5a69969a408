import { useState } from 'react';
import type { FieldErrors } from './use-light-form';

/**
 * The form rules for small `useState` forms (settings' create cards): the form's own checks
 * (`local`, recomputed every render) show from the first submit on and then follow every
 * change; a server message about a field shows until that field changes.
 */
export function useFormChecks<F extends string>(local: FieldErrors<F>) {
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FieldErrors<F>>({});
  const fields = new Set<F>([...(Object.keys(local) as F[]), ...(Object.keys(server) as F[])]);
  const errors: FieldErrors<F> = {};
  for (const field of fields) {
    const message = (submitted ? local[field] : undefined) ?? server[field];
    if (message !== undefined) errors[field] = message;
  }
  return {
    errors,
    /** A submit starts: the form's own checks show from now on. True when they all pass. */
    submit: (): boolean => {
      setSubmitted(true);
      setServer({});
      return Object.values(local).every((message) => !message);
    },
    /** The form was saved and emptied: no check shows until the next submit. */
    reset: () => setSubmitted(false),
    /** The server's messages, each under its field. */
    setServerErrors: (found: FieldErrors<F>) => setServer(found),
    /** The field changed: the server's message about it no longer applies. */
    changed: (field: F) =>
      setServer((current) =>
        current[field] === undefined ? current : { ...current, [field]: undefined },
      ),
  };
}
