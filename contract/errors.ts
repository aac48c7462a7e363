import { z } from 'zod';

/** The one error shape every non-2xx answer of the v1 API uses (API.md "Errors"). */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Field errors keyed by field name, as a 422 carries them. */
export type FieldErrors = Record<string, string[]>;

/**
 * Turns a zod failure into the API's field-error map, so the server's 422 and the form's own
 * check produce the same keys and wording.
 */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
