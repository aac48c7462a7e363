import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';

/**
 * How every field component is tied to its form: the form's `control` and the field's `name`,
 * checked against the form's values (a text field only takes a string-valued name). Fields read
 * value and error through `useController`, so text, select, checkboxes and the async select
 * all bind the same way: `<TextField control={form.control} name="email" label="Email" />`.
 */
export type FieldBinding<V extends FieldValues, T, Value> = {
  control: Control<V, unknown, T>;
  name: FieldPathByValue<V, Value>;
};
