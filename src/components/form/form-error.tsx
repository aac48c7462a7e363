import type { FieldErrors, FieldValues } from 'react-hook-form';
import { ErrorPresenter } from '../error-presenter';

/** The form-level message: what no single field can show (a 403, a dropped connection). */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? <ErrorPresenter error={message} /> : null;
}

/** The form-level message `applyServerErrors` left, if any. */
export function formErrorOf<V extends FieldValues>(errors: FieldErrors<V>): string | null {
  return errors.root?.server?.message ?? null;
}
