import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ListParams } from '../../../contract/list-query';

export type ListDefaults = { limit?: number; sortby?: string; sortdesc?: boolean };

const positiveInt = (raw: string | null): number | null => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/**
 * A table's page, size, sort and search live in the URL, so a reload, a shared link and Back
 * show the same rows. Values the endpoint would refuse (an unknown `sortby`) are dropped here
 * rather than sent to come back as a 422.
 */
export function readListParams(search: string, sortable: readonly string[], defaults: ListDefaults = {}): ListParams {
  const q = new URLSearchParams(search);
  const page = Math.max(1, positiveInt(q.get('page')) ?? 1);
  const limitRaw = positiveInt(q.get('limit'));
  const limit = limitRaw && limitRaw <= MAX_PAGE_SIZE ? limitRaw : (defaults.limit ?? DEFAULT_PAGE_SIZE);
  const sortbyRaw = q.get('sortby');
  const sortby = sortbyRaw && sortable.includes(sortbyRaw) ? sortbyRaw : defaults.sortby;
  const sortdesc = sortbyRaw && sortby === sortbyRaw ? q.get('sortdesc') === 'true' : (defaults.sortdesc ?? false);
  const text = q.get('search')?.trim();
  return { page, limit, sortby, sortdesc: sortby ? sortdesc : undefined, search: text || undefined };
}

/** The query string for `params`, keeping other parameters (filters) and leaving defaults out. */
export function writeListParams(search: string, params: ListParams, defaults: ListDefaults = {}): string {
  const q = new URLSearchParams(search);
  const put = (key: string, value: string | null) => (value === null ? q.delete(key) : q.set(key, value));
  put('page', params.page > 1 ? String(params.page) : null);
  put('limit', params.limit !== (defaults.limit ?? DEFAULT_PAGE_SIZE) ? String(params.limit) : null);
  const isDefaultSort =
    (params.sortby ?? undefined) === defaults.sortby && !!params.sortdesc === !!defaults.sortdesc;
  put('sortby', params.sortby && !isDefaultSort ? params.sortby : null);
  put('sortdesc', params.sortby && !isDefaultSort ? String(!!params.sortdesc) : null);
  put('search', params.search ? params.search : null);
  return q.toString();
}

export function useListParams(sortable: readonly string[], defaults: ListDefaults = {}) {
  const search = useSearch();
  const [pathname, navigate] = useLocation();
  const key = sortable.join(',');
  const { limit, sortby, sortdesc } = defaults;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const params = useMemo(() => readListParams(search, sortable, defaults), [search, key, limit, sortby, sortdesc]);

  /**
   * A sort, page or size change is a step Back undoes (and forward redoes). A search replaces
   * the entry instead: Back should not replay a search term letter by letter.
   */
  const update = (patch: Partial<ListParams>) => {
    const next = writeListParams(search, { ...params, ...patch }, defaults);
    const searchOnly = 'search' in patch && Object.keys(patch).every((k) => k === 'search' || k === 'page');
    navigate(next ? `${pathname}?${next}` : pathname, { replace: searchOnly });
  };
  return [params, update] as const;
}
