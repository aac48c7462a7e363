import { mdiClose } from '@mdi/js';
import { positiveIntParam, useSearchState } from '../../lib/url-search';
import { Button } from '../button';
import { AsyncSelect, type AsyncOptionsSource } from '../form/async-select';

type IdFilterProps<T> = AsyncOptionsSource<T> & {
  /** The query-string key holding the chosen row's id, e.g. `company_id`. */
  param: string;
  label: string;
  /** The chosen row's name, which the first page of options may not hold; null while unknown. */
  selectedLabel: string | null;
  placeholder: string;
  noMatches?: string;
  /** Filters that only mean something within this choice (a company's projects), cleared with it. */
  resets?: readonly string[];
};

/**
 * A table's filter by one row of another list (a company, a cartridge type), picked by
 * searching on the server, kept in the URL beside TableFilter's: choosing or clearing it starts
 * the list again at page 1 and is a step Back undoes.
 */
export function IdFilter<T>({ param, label, selectedLabel, placeholder, noMatches, resets = [], ...source }: IdFilterProps<T>) {
  const { params, set } = useSearchState();
  const id = positiveIntParam(params, param);
  const choose = (value: string | null) =>
    set({ [param]: value || null, ...Object.fromEntries(resets.map((key) => [key, null])), page: null }, { push: true });
  return (
    <div className="flex min-w-0 items-end gap-1 sm:w-72">
      <div className="min-w-0 flex-1">
        <AsyncSelect
          {...source}
          label={label}
          value={id ? String(id) : ''}
          selectedLabel={selectedLabel ?? (id ? `#${id}` : null)}
          placeholder={placeholder}
          noMatches={noMatches}
          onValueChange={choose}
        />
      </div>
      {id ? <Button variant="ghost" icon={mdiClose} aria-label={`${placeholder}: clear ${label.toLowerCase()}`} onClick={() => choose(null)} /> : null}
    </div>
  );
}
