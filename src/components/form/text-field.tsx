import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FormField, inputClass } from './form-field';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  errors?: string[];
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ label, value, onValueChange, errors, hint, type = 'text', ref, ...rest }: TextFieldProps) {
  return (
    <FormField label={label} errors={errors} hint={hint}>
      {(a11y) => (
        <input
          {...rest}
          {...a11y}
          ref={ref}
          type={type}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          className={inputClass}
        />
      )}
    </FormField>
  );
}
