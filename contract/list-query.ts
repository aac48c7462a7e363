import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 200;

/** Ids are 32-bit integer columns on both databases; a larger number names no row. */
export const MAX_ID = 2_147_483_647;

/** An id given as a list filter (`?company_id=3`): outside the column's range it is a 422. */
export const idFilter = z.coerce
  .number({ error: 'Ids are numbers.' })
  .int('Ids are whole numbers.')
  .min(1, 'Ids start at 1.')
  .max(MAX_ID, 'No such id.');

/**
 * The list query every paged endpoint takes (API.md "Shapes"). `sortable` is the endpoint's own
 * list of sortable fields: anything else is a 422, never a silent default.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit is at least 1')
      .max(MAX_PAGE_SIZE, `limit is at most ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
    sortby: z.enum(sortable, { error: `sortby must be one of: ${sortable.join(', ')}` }).optional(),
    sortdesc: z
      .enum(['true', 'false', '1', '0'], { error: 'sortdesc is true or false' })
      .transform((v) => v === 'true' || v === '1')
      .optional(),
    search: z.string().trim().max(200, 'search is at most 200 characters').optional(),
  });
}

/** What a table screen keeps in the URL and sends as the list query. */
export type ListParams = {
  page: number;
  limit: number;
  sortby?: string;
  sortdesc?: boolean;
  search?: string;
};
