import { z } from 'zod';

/** A single object: `{ data }`. */
export type One<T> = { data: T };

export const pageMetaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** A list: `{ data: [...], meta: { page, limit, total } }`. */
export type Page<T> = { data: T[]; meta: PageMeta };
