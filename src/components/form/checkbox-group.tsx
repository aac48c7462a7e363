import { useId, type ReactNode } from 'react';
import { FieldErrors } from './form-field';

export type CheckboxOption<V extends string | number> = { value: V; label: string; hint?: string };

type CheckboxGroupProps<V extends string | number> = {
  legend: string;
  options: CheckboxOption<V>[];
  value: V[];
  onValueChange: (value: V[]) => void;
  errors?: string[];
  hint?: ReactNode;
  disabled?: boolean;
};

/** A fieldset of checkboxes, each named by its own label; the legend names the group. */
export function CheckboxGroup<V extends string | number>({
  legend,
  options,
  value,
  onValueChange,
  errors,
  hint,
  disabled,
}: CheckboxGroupProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = !!errors?.length;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  const toggle = (v: V, on: boolean) =>
    onValueChange(on ? [...value.filter((x) => x !== v), v] : value.filter((x) => x !== v));

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy} disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-gray-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((o) => (
          <label key={o.value} className="inline-flex min-h-8 items-center gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={value.includes(o.value)}
              onChange={(e) => toggle(o.value, e.target.checked)}
              aria-invalid={invalid || undefined}
            />
            {o.label}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-secondary">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
