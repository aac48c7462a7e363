import type { InputHTMLAttributes, ReactNode } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldBinding } from './field-binding';
import { errorsOf, FormField, inputClass } from './form-field';

type TextFieldProps<V extends FieldValues, T> = FieldBinding<V, T, string> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'id'> & {
    label: string;
    hint?: ReactNode;
  };

export function TextField<V extends FieldValues, T = V>({ control, name, label, hint, type = 'text', ...rest }: TextFieldProps<V, T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField label={label} errors={errorsOf(fieldState.error)} hint={hint}>
      {(a11y) => (
        <input
          {...rest}
          {...a11y}
          ref={field.ref}
          name={field.name}
          type={type}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          className={inputClass}
        />
      )}
    </FormField>
  );
}
