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

/** The schema of `{ data }` around one object, for a route's declared answer. */
export const oneOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** The schema of a page of a list. */
export const pageOf = <T extends z.ZodType>(schema: T) => z.object({ data: z.array(schema), meta: pageMetaSchema });

/** A short fixed list without paging (the lookups): `{ data: [...] }`. */
export const listOf = <T extends z.ZodType>(schema: T) => z.object({ data: z.array(schema) });
