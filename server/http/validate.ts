import { z } from 'zod';
import { toFieldErrors, type FieldErrors } from '../../contract/errors';
import { MAX_ID } from '../../contract/numbers';
import { isStorableText } from '../../contract/text';
import { invalid, notFound } from './errors';

/**
 * Parses a body or query with a contract schema; a failure is a 422 with the same field keys
 * and wording the browser's form shows. A missing body counts as `{}`, so the client hears
 * "Name is required." rather than "expected object".
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw invalid(toFieldErrors(result.error));
  const unstorable: FieldErrors = {};
  findUnstorableStrings(result.data, [], unstorable);
  if (Object.keys(unstorable).length) throw invalid(unstorable);
  return result.data;
}

/**
 * A backstop behind the contract's text helpers (contract/text.ts), which refuse these on each
 * field in its own words: a NUL, which PostgreSQL refuses to store, or half a surrogate pair,
 * which neither database keeps as sent, in any text a schema let through is a field error on
 * both databases alike, never a 5xx.
 */
function findUnstorableStrings(value: unknown, path: string[], errors: FieldErrors) {
  if (typeof value === 'string') {
    if (!isStorableText(value)) errors[path.join('.') || '_'] = ['Text may not contain NUL characters or half of a UTF-16 surrogate pair.'];
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) findUnstorableStrings(child, [...path, key], errors);
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
