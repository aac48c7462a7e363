import { z } from 'zod';
import { toFieldErrors, type FieldErrors } from '../../contract/errors';
import { MAX_ID } from '../../contract/numbers';
import { invalid, notFound } from './errors';

/**
 * Parses a body or query with a contract schema; a failure is a 422 with the same field keys
 * and wording the browser's form shows. A missing body counts as `{}`, so the client hears
 * "Name is required." rather than "expected object".
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw invalid(toFieldErrors(result.error));
  const nulErrors: FieldErrors = {};
  findNulStrings(result.data, [], nulErrors);
  if (Object.keys(nulErrors).length) throw invalid(nulErrors);
  return result.data;
}

/**
 * A NUL character is never meant in a form field, and PostgreSQL refuses to store one (a 5xx
 * otherwise), so it is a field error on both databases alike.
 */
function findNulStrings(value: unknown, path: string[], errors: FieldErrors) {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) errors[path.join('.') || '_'] = ['Text may not contain NUL characters.'];
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) findNulStrings(child, [...path, key], errors);
  }
}

/** A route's `:id`. Anything that cannot be an id names no row: 404, never a 5xx from the DB. */
export function parseId(raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id < 1 || id > MAX_ID) throw notFound();
  return id;
}

/** A path id as the description shows it; the access hook has already refused anything else. */
export const idParam = z.coerce.number().int().min(1).max(MAX_ID);
