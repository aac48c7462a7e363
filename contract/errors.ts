import { z } from 'zod';

/** The one error shape every non-2xx answer of the v1 API uses (API.md "Errors"). */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export { toFieldErrors, type FieldErrors } from './field-errors';
