import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

export type SearchPatch = Record<string, string | number | null | undefined>;

/** `search` with `patch` applied: null, undefined and '' remove a key; other keys stay as they are. */
export function patchSearch(search: string, patch: SearchPatch): string {
  const q = new URLSearchParams(search);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '') q.delete(key);
    else q.set(key, String(value));
  }
  return q.toString();
}

/** A positive integer from the query (`?device=12`), or null for anything else. */
export function positiveIntParam(q: URLSearchParams, key: string): number | null {
  const raw = q.get(key);
  if (!raw || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

/** `pathname?search`, without a dangling `?`. */
export const withSearch = (pathname: string, search: string) => (search ? `${pathname}?${search}` : pathname);

/**
 * The query string as state: filters, chosen company, an open panel. Changes replace the history
 * entry unless told otherwise; a change that should be one Back step away passes `push`.
 */
export function useSearchState() {
  const search = useSearch();
  const [pathname, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const hrefWith = (patch: SearchPatch) => withSearch(pathname, patchSearch(search, patch));
  const set = (patch: SearchPatch, options: { push?: boolean } = {}) =>
    navigate(hrefWith(patch), { replace: !options.push });
  return { params, search, pathname, hrefWith, set };
}
