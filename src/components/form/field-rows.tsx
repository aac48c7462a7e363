import { mdiDelete, mdiPlus } from '@mdi/js';
import { useId, useRef, type ReactNode } from 'react';
import {
  get,
  useFieldArray,
  useFormState,
  type Control,
  type FieldArray,
  type FieldArrayPath,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { Button } from '../button';
import { errorsOf, FieldErrors } from './form-field';

type FieldRowsProps<V extends FieldValues, T, N extends FieldArrayPath<V>> = {
  control: Control<V, unknown, T>;
  /** The array in the form's values, e.g. "pins". */
  name: N;
  legend: string;
  /** What one row is, lower case: "Add pin", "Pin 4", "Remove pin 4". */
  noun: string;
  /** The values of a new, empty row. */
  newRow: () => FieldArray<V, N>;
  /**
   * The fields of row `index`, bound like any field: `name={`pins.${index}.name`}`. Each is
   * validated by the form's schema, and a server error on `pins.3.name` lands on the fourth row.
   */
  children: (index: number) => ReactNode;
  /** Fewest rows: their Remove buttons are off. */
  min?: number;
  /** Most rows: Add is off. */
  max?: number;
  /** Shown while there are no rows. */
  empty?: ReactNode;
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Rows that grow (a connector's pins, a test's variables, a fixture's pads) on RHF's
 * `useFieldArray`: add a row (its first field takes the focus), remove one (the focus goes to
 * Add), each row a named group so a screen reader says which row a field is in. Errors of the
 * list itself ("at least one pin") show under the rows.
 */
export function FieldRows<V extends FieldValues, T, N extends FieldArrayPath<V>>({
  control,
  name,
  legend,
  noun,
  newRow,
  children,
  min = 0,
  max = Infinity,
  empty,
}: FieldRowsProps<V, T, N>) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control, name });
  const { errors } = useFormState({ control, name: name as FieldPath<V> });
  const own = get(errors, name) as { root?: unknown; message?: string } | undefined;
  // `root` is RHF's place for the list's own error; a plain message comes from `setError(name)`.
  const listErrors = errorsOf(own?.root) ?? (own?.message ? [own.message] : undefined);
  const addRef = useRef<HTMLDivElement>(null);
  const Noun = capitalized(noun);

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={listErrors ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-gray-800">{legend}</legend>
      {fields.length === 0 && empty ? <p className="text-sm text-secondary">{empty}</p> : null}
      {fields.map((field, index) => (
        <fieldset key={field.id} className="flex flex-col gap-3 rounded-md border border-secondary/30 p-3 sm:flex-row sm:items-start">
          <legend className="px-1 text-xs font-medium text-secondary">
            {Noun} {index + 1}
          </legend>
          <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-2">{children(index)}</div>
          <Button
            variant="ghost"
            icon={mdiDelete}
            aria-label={`Remove ${noun} ${index + 1}`}
            disabled={fields.length <= min}
            className="self-end sm:mt-6 sm:self-start"
            onClick={() => {
              remove(index);
              addRef.current?.querySelector('button')?.focus();
            }}
          >
            <span className="sm:sr-only">Remove</span>
          </Button>
        </fieldset>
      ))}
      <FieldErrors id={`${id}-error`} errors={listErrors} />
      <div ref={addRef}>
        <Button variant="secondary" icon={mdiPlus} disabled={fields.length >= max} onClick={() => append(newRow())}>
          Add {noun}
        </Button>
      </div>
    </fieldset>
  );
}
