import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldBinding } from './field-binding';
import { errorsOf, FormField, inputClass } from './form-field';

/** `disabled`: shown, so the user sees it exists (a pin another group uses), but not choosable. */
export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectFieldProps<V extends FieldValues, T> = FieldBinding<V, T, string> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'id'> & {
    label: string;
    options: SelectOption[];
    /** The empty first choice, e.g. "Choose a type"; without it the first option is preselected. */
    placeholder?: string;
    hint?: ReactNode;
  };

export function SelectField<V extends FieldValues, T = V>({
  control,
  name,
  label,
  options,
  placeholder,
  hint,
  ...rest
}: SelectFieldProps<V, T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField label={label} errors={errorsOf(fieldState.error)} hint={hint}>
      {(a11y) => (
        <select
          {...rest}
          {...a11y}
          ref={field.ref}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          className={inputClass}
        >
          {placeholder !== undefined ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
