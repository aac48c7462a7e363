import type { z } from 'zod';

/** Field errors keyed by field name, as a 422 carries them. */
export type FieldErrors = Record<string, string[]>;

/**
 * Turns a zod failure into the API's field-error map, so the server's 422 and the form's own
 * check produce the same keys and wording. Kept apart from the schemas (type-only zod import)
 * so the browser can use it without loading zod on pages that validate nothing.
 */
export function toFieldErrors(error: Pick<z.ZodError, 'issues'>): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
