import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldBinding } from './field-binding';
import { errorsOf, FormField, inputClass } from './form-field';

type TextAreaFieldProps<V extends FieldValues, T> = FieldBinding<V, T, string> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'id'> & {
    label: string;
    hint?: ReactNode;
  };

/** Longer text (patch notes, descriptions): a text field that grows to a few lines. */
export function TextAreaField<V extends FieldValues, T = V>({ control, name, label, hint, rows = 4, ...rest }: TextAreaFieldProps<V, T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField label={label} errors={errorsOf(fieldState.error)} hint={hint}>
      {(a11y) => (
        <textarea
          {...rest}
          {...a11y}
          ref={field.ref}
          name={field.name}
          rows={rows}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          className={inputClass}
        />
      )}
    </FormField>
  );
}
