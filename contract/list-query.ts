import { z } from 'zod';
import { MAX_PAGE, idQueryField, queryIntField } from './numbers';
import { optionalText } from './text';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 200;
/**
 * The page sizes the tables offer. The server writes these into its device page statement
 * (server/store/device-anchors.ts, statementSize); any other size up to MAX_PAGE_SIZE is still
 * answered.
 */
export const PAGE_SIZE_CHOICES = [10, 25, 50, 100] as const;

export { MAX_ID } from './numbers';

/**
 * An id given as a list filter (`?company_id=3`): digits only, 1 to MAX_ID, else a 422 on the
 * filter. Endpoints name the row in the message with `idQueryField('company')` instead.
 */
export const idFilter = idQueryField();

/**
 * The list query every paged endpoint takes (API.md "Shapes"). `sortable` is the endpoint's own
 * list of sortable fields: anything else is a 422, never a silent default.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    /** Past the last page is a 422 too, once the total is known (server/db/paged-list.ts). */
    page: queryIntField('page', {
      min: 1,
      max: MAX_PAGE,
      minMessage: 'page starts at 1',
      maxMessage: (page) => `Page ${page} is past the last page.`,
    }).default(1),
    limit: queryIntField('limit', {
      min: 1,
      max: MAX_PAGE_SIZE,
      minMessage: 'limit is at least 1',
      maxMessage: () => `limit is at most ${MAX_PAGE_SIZE}`,
    }).default(DEFAULT_PAGE_SIZE),
    sortby: z.enum(sortable, { error: `sortby must be one of: ${sortable.join(', ')}` }).optional(),
    sortdesc: z
      .enum(['true', 'false', '1', '0'], { error: 'sortdesc is true or false' })
      .transform((v) => v === 'true' || v === '1')
      .optional(),
    search: optionalText('search').max(200, 'search is at most 200 characters').optional(),
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
