import type { ListParams } from '../../contract/list-query';

/** The list query as the API reads it (API.md "Shapes"); unset values stay out of the URL. */
export function toQuery(params: ListParams): Record<string, string | number> {
  const q: Record<string, string | number> = { page: params.page, limit: params.limit };
  if (params.sortby) {
    q.sortby = params.sortby;
    q.sortdesc = params.sortdesc ? 'true' : 'false';
  }
  if (params.search) q.search = params.search;
  return q;
}
