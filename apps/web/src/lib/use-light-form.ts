import { useEffect, useRef, useState, type FormEvent } from 'react';
import { takeEarlyValue } from './early-input';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** What a validator returns: the parsed values, or a message per invalid field. */
export type Validation<F extends string, T> = { data: T } | { errors: FieldErrors<F> };

/**
 * A small controlled form for the pages a first visit may open (sign-in, register): values,
 * per-field errors, validation on submit and then on every change, focus on the first error.
 * The validator is async so that its schema can load on first use.
 */
export function useLightForm<F extends string, T>(
  defaults: Record<F, string>,
  validate: (values: Record<F, string>) => Promise<Validation<F, T>>,
) {
  const [values, setValues] = useState(defaults);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const submitted = useRef(false);
  const run = useRef(0);
  const controls = useRef<Partial<Record<F, HTMLInputElement>>>({});
  const order = Object.keys(defaults) as F[];

  // A prerendered form may have been typed into before it was live: keep that typing.
  useEffect(() => {
    const early: Partial<Record<F, string>> = {};
    for (const name of Object.keys(controls.current) as F[]) {
      const id = controls.current[name]?.id;
      const value = id ? takeEarlyValue(id) : undefined;
      if (value !== undefined) early[name] = value;
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the DOM is the source here
    if (Object.keys(early).length > 0) setValues((current) => ({ ...current, ...early }));
  }, []);

  const check = async (next: Record<F, string>) => {
    const mine = ++run.current;
    const result = await validate(next);
    if (mine !== run.current) return null; // a later keystroke is being checked
    setErrors('errors' in result ? result.errors : {});
    return result;
  };

  const focusFirst = (found: FieldErrors<F>) => {
    const first = order.find((name) => found[name]);
    if (first) controls.current[first]?.focus();
  };

  return {
    values,
    errors,
    field: (name: F) => ({
      name,
      value: values[name],
      ref: (element: HTMLInputElement | null) => {
        if (element) controls.current[name] = element;
        else delete controls.current[name];
      },
      onChange: (event: { target: { value: string } }) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        if (submitted.current) void check(next);
      },
    }),
    /** Shows server-side messages under their fields, focusing the first. */
    setErrors: (found: FieldErrors<F>) => {
      setErrors(found);
      focusFirst(found);
    },
    handleSubmit: (onValid: (data: T) => void) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submitted.current = true;
      const result = await check(values);
      if (!result) return;
      if ('errors' in result) focusFirst(result.errors);
      else onValid(result.data);
    },
  };
}
