import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FormField, inputClass } from './form-field';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  /** The empty first choice, e.g. "Choose a type"; without it the first option is preselected. */
  placeholder?: string;
  errors?: string[];
  hint?: ReactNode;
};

export function SelectField({ label, value, onValueChange, options, placeholder, errors, hint, ...rest }: SelectFieldProps) {
  return (
    <FormField label={label} errors={errors} hint={hint}>
      {(a11y) => (
        <select {...rest} {...a11y} value={value} onChange={(e) => onValueChange(e.target.value)} className={inputClass}>
          {placeholder !== undefined ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
