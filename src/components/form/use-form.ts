import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { toFieldErrors, type FieldErrors } from '../../../contract/field-errors';
import { toApiFailure } from '../../api/client';

/**
 * Form state shared by every form: values, field errors from the contract's zod schema or the
 * server's 422, and a form-level error for whatever no field can show. A failed submit keeps
 * the values: only the caller decides to clear them.
 */
export function useForm<V extends Record<string, unknown>>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  /** The values last loaded or saved: `dirty` is anything typed since. */
  const [saved, setSaved] = useState<V>(values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const known = useRef(new Set(Object.keys(values)));

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    // The message was about the old value; keep it only until the user acts on it.
    setErrors((e) => (e[name as string] ? { ...e, [name as string]: [] } : e));
  }, []);

  /**
   * The first error of one field, including nested keys such as `role_ids.0`: one thing to fix
   * at a time reads calmer than every rule an empty field breaks.
   */
  const errorsOf = useCallback(
    (name: keyof V & string): string[] | undefined => {
      const own = Object.entries(errors).filter(([k]) => k === name || k.startsWith(`${name}.`));
      const first = own.flatMap(([, v]) => v)[0];
      return first ? [first] : undefined;
    },
    [errors],
  );

  /** The props a field component takes for one form value: `<TextField label="Email" {...form.field('email')} />`. */
  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name],
    onValueChange: (value: V[K]) => set(name, value),
    errors: errorsOf(name),
  });

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const showFieldErrors = (fieldErrors: FieldErrors, fallback: string | null) => {
    setErrors(fieldErrors);
    const orphans = Object.entries(fieldErrors)
      .filter(([k]) => !known.current.has(k.split('.')[0]))
      .flatMap(([, v]) => v);
    setFormError(orphans.length ? orphans.join(' ') : fallback);
    focusFirstInvalid();
  };

  /** Checks `input` against the contract's schema; null (and errors shown) when it fails. */
  function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null {
    const result = schema.safeParse(input);
    if (result.success) {
      setErrors({});
      setFormError(null);
      return result.data;
    }
    showFieldErrors(toFieldErrors(result.error), null);
    return null;
  }

  /** Shows a failed call: 422 field errors beside their fields, anything else above the buttons. */
  const fail = (error: unknown) => {
    const failure = toApiFailure(error);
    const hasFields = Object.keys(failure.fieldErrors).length > 0;
    if (hasFields) showFieldErrors(failure.fieldErrors, null);
    else {
      setErrors({});
      setFormError(failure.requestId ? `${failure.message} (request id ${failure.requestId})` : failure.message);
    }
  };

  // Form values are strings, numbers and arrays of them: their JSON compares them whole.
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);

  /** The values are saved (or reloaded): show them, and nothing is unsaved any more. */
  const reset = useCallback((next: V) => {
    setValues(next);
    setSaved(next);
  }, []);

  /** Wraps a submit handler so the page never reloads. */
  const onSubmit = (handler: () => void | Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    Promise.resolve(handler()).catch((error: unknown) => fail(error));
  };

  return {
    values,
    setValues,
    set,
    field,
    errors,
    errorsOf,
    formError,
    setFormError,
    validate,
    fail,
    onSubmit,
    formRef,
    dirty,
    reset,
  };
}
