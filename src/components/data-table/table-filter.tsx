import { useSearchState } from '../../lib/url-search';
import type { SelectOption } from '../form/select-field';
import { FilterSelect } from '../filter-select';

/**
 * A table's filter read from the query string: the value when it is one of `values`, otherwise
 * none (a hand-edited `?status=gone` filters nothing rather than asking the API for it).
 */
export function useTableFilter<const V extends string>(param: string, values: readonly V[]): V | undefined {
  const raw = useSearchState().params.get(param);
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as V) : undefined;
}

type TableFilterProps = {
  /** The query-string key, e.g. `status`. */
  param: string;
  label: string;
  options: SelectOption[];
  /** The choice that filters nothing, e.g. "All statuses". */
  allLabel: string;
};

/**
 * A filter select beside a DataTable, kept in the URL with the table's own params. Choosing one
 * starts the list again at page 1, since the old page number means nothing in the new list, and
 * is a step Back undoes, like the table's sort and page.
 */
export function TableFilter({ param, label, options, allLabel }: TableFilterProps) {
  const { params, set } = useSearchState();
  const raw = params.get(param) ?? '';
  const value = options.some((o) => o.value === raw) ? raw : '';
  return (
    <FilterSelect
      label={label}
      value={value}
      onValueChange={(v) => set({ [param]: v || null, page: null }, { push: true })}
      options={options}
      allLabel={allLabel}
      // On a phone the label sits above, so two filters share a row of the toolbar.
      className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2"
    />
  );
}
