import { ErrorPresenter } from '../error-presenter';

/** The form-level message: what no single field can show (a 403, a dropped connection). */
export function FormError({ message }: { message: string | null }) {
  return message ? <ErrorPresenter error={message} /> : null;
}
