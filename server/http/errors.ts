import type { FieldErrors } from '../../contract/errors';

/**
 * An answer the client caused. Handlers throw these; the one error handler turns them into the
 * API's `{ message, errors? }` shape, so no handler formats an error body itself.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Says which scheme to use, as RFC 9110 asks of a 401. */
export const unauthorized = (message = 'Not logged in.') =>
  new HttpError(401, message, undefined, { 'www-authenticate': 'Bearer' });

export const forbidden = (message = 'You lack the role for this.') => new HttpError(403, message);

/** Also the answer for another company's row: the client must not learn that it exists. */
export const notFound = (message = 'Not found.') => new HttpError(404, message);

/** The action does not fit the row's state (API.md): releasing a released batch, say. */
export const conflict = (message: string) => new HttpError(409, message);

export const invalid = (errors: FieldErrors, message = 'Some fields are not valid.') =>
  new HttpError(422, message, errors);

/** A 422 for one field, e.g. `invalidField('name', 'This name is taken.')`. */
export const invalidField = (field: string, message: string) => invalid({ [field]: [message] });
