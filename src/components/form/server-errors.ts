import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { toApiFailure } from '../../api/client';

type ErrorTarget<V extends FieldValues> = Pick<UseFormReturn<V, unknown, unknown>, 'setError' | 'getValues'>;

/**
 * Shows a failed call on the form, keeping everything typed: each 422 field error beside its
 * field (`pins.3.name` on the fourth row's name), the first one focused; errors on keys the
 * form has no value for (a rule across fields, a path parameter) and every other failure
 * (403, 409, a dropped connection) as the form-level message that `formErrorOf` reads.
 */
export function applyServerErrors<V extends FieldValues>(error: unknown, form: ErrorTarget<V>): void {
  const failure = toApiFailure(error);
  const values = form.getValues();
  const entries = Object.entries(failure.fieldErrors).filter(([, messages]) => messages?.length);
  const onFields = entries.filter(([key]) => get(values, key) !== undefined);
  const elsewhere = entries.filter(([key]) => get(values, key) === undefined).flatMap(([, messages]) => messages);

  onFields.forEach(([key, messages], i) =>
    form.setError(key as Path<V>, { type: 'server', message: messages[0] }, { shouldFocus: i === 0 }),
  );
  const message = elsewhere.length
    ? elsewhere.join(' ')
    : onFields.length
      ? null
      : failure.requestId
        ? `${failure.message} (request id ${failure.requestId})`
        : failure.message;
  if (message) form.setError('root.server', { type: 'server', message });
}
