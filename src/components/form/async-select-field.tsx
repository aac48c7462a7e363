import { useController, type FieldValues } from 'react-hook-form';
import { AsyncSelect, type AsyncSelectProps } from './async-select';
import type { FieldBinding } from './field-binding';
import { errorsOf } from './form-field';

type AsyncSelectFieldProps<V extends FieldValues, T, Item> = FieldBinding<V, T, string> &
  Omit<AsyncSelectProps<Item>, 'value' | 'onValueChange' | 'errors' | 'name' | 'inputRef' | 'onBlur'>;

/** The async select as a form field: its value is the chosen option's value ('' for none). */
export function AsyncSelectField<V extends FieldValues, T = V, Item = unknown>({
  control,
  name,
  ...select
}: AsyncSelectFieldProps<V, T, Item>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <AsyncSelect<Item>
      {...select}
      name={field.name}
      value={field.value ?? ''}
      onValueChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      errors={errorsOf(fieldState.error)}
    />
  );
}
