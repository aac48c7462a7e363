import type { ReactNode } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldBinding } from './field-binding';
import { errorsOf, FieldFooter, useFieldIds } from './form-field';

export type CheckboxOption<O extends string | number> = { value: O; label: string; hint?: string };

type CheckboxGroupProps<V extends FieldValues, T, O extends string | number> = FieldBinding<V, T, O[]> & {
  legend: string;
  options: CheckboxOption<NoInfer<O>>[];
  hint?: ReactNode;
  disabled?: boolean;
};

/** A fieldset of checkboxes, each named by its own label; the legend names the group. */
export function CheckboxGroup<V extends FieldValues, T = V, O extends string | number = string | number>({
  control,
  name,
  legend,
  options,
  hint,
  disabled,
}: CheckboxGroupProps<V, T, O>) {
  const { field, fieldState } = useController({ control, name });
  const value = (field.value ?? []) as O[];
  const errors = errorsOf(fieldState.error);
  const ids = useFieldIds(hint, errors);
  const { invalid, describedBy } = ids;
  const toggle = (v: O, on: boolean) => field.onChange(on ? [...value.filter((x) => x !== v), v] : value.filter((x) => x !== v));

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy} disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-gray-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((o, i) => (
          <label key={o.value} className="inline-flex min-h-8 items-center gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              // The first box is where a failed submit puts the focus.
              ref={i === 0 ? field.ref : undefined}
              checked={value.includes(o.value)}
              onChange={(e) => toggle(o.value, e.target.checked)}
              onBlur={field.onBlur}
              aria-invalid={invalid || undefined}
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldFooter ids={ids} hint={hint} errors={errors} />
    </fieldset>
  );
}
