import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { FormField, inputClass } from './form-field';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  errors?: string[];
  hint?: ReactNode;
};

/** Longer text (patch notes, descriptions): a text field that grows to a few lines. */
export function TextAreaField({ label, value, onValueChange, errors, hint, rows = 4, ...rest }: TextAreaFieldProps) {
  return (
    <FormField label={label} errors={errors} hint={hint}>
      {(a11y) => (
        <textarea {...rest} {...a11y} rows={rows} value={value} onChange={(e) => onValueChange(e.target.value)} className={inputClass} />
      )}
    </FormField>
  );
}
