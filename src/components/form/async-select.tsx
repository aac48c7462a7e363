import { mdiCheck, mdiChevronDown } from '@mdi/js';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import type { Page } from '../../../contract/envelope';
import { toApiFailure } from '../../api/client';
import { cx } from '../../lib/cx';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Icon } from '../icon';
import { Spinner } from '../spinner';
import { FormField, inputClass } from './form-field';

/** How long typing must pause before the server is asked. */
export const SEARCH_DELAY_MS = 250;

/** Where the options come from: a list endpoint searched by what was typed. */
export type AsyncOptionsSource<T> = {
  /** The cache key of these searches (the search is appended); under the resource's list key, so a change there refreshes it. */
  queryKey: readonly unknown[];
  /** One page of the rows matching `search` ('' for the first ones): the user narrows by typing, never by paging. */
  fetchOptions: (search: string, signal: AbortSignal) => Promise<Page<T>>;
  optionValue: (item: T) => string;
  optionLabel: (item: T) => string;
};

export type AsyncSelectProps<T> = AsyncOptionsSource<T> & {
  label: string;
  /** The chosen option's value; '' for none. */
  value: string;
  onValueChange: (value: string, item: T) => void;
  /** The label of `value` when it was not picked here (it came from the URL or a saved record). */
  selectedLabel?: string | null;
  /** Shown while nothing is chosen, e.g. "Choose a company". */
  placeholder?: string;
  /** e.g. "No companies match." */
  noMatches?: string;
  errors?: string[];
  hint?: ReactNode;
  disabled?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
};

/**
 * A select whose options come from the server as the user types (debounced, through TanStack
 * Query, earlier answers kept on screen while the next one loads), for lists too long to load
 * whole: companies now, cartridges and test functions next. An ARIA combobox: type to search,
 * arrows to move, Enter to choose (the first match when none is highlighted), Escape to go
 * back to the chosen value; on a phone a tap opens the list and a tap on a row chooses it.
 */
export function AsyncSelect<T>({
  queryKey,
  fetchOptions,
  optionValue,
  optionLabel,
  label,
  value,
  onValueChange,
  selectedLabel,
  placeholder,
  noMatches = 'Nothing matches.',
  errors,
  hint,
  disabled,
  name,
  inputRef,
  onBlur,
}: AsyncSelectProps<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  /** The label of what was chosen here, so it shows at once, before any caller knows it. */
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);

  const search = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const query = useQuery({
    queryKey: [...queryKey, search],
    queryFn: ({ signal }) => fetchOptions(search, signal),
    enabled: open && !disabled,
    placeholderData: keepPreviousData,
  });
  const items = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  const settled = text.trim() === search && !query.isFetching;

  const chosenLabel = !value ? '' : picked?.value === value ? picked.label : (selectedLabel ?? '');

  const show = () => {
    setOpen(true);
    setText('');
    setActive(-1);
  };
  const hide = () => {
    setOpen(false);
    setText('');
    setActive(-1);
  };
  const choose = (item: T) => {
    const chosen = { value: optionValue(item), label: optionLabel(item) };
    setPicked(chosen);
    hide();
    onValueChange(chosen.value, item);
  };
  const moveTo = (index: number) => {
    setActive(index);
    // jsdom has no scrollIntoView; browsers keep the highlighted row in the scrolled list.
    document.getElementById(optionId(index))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) show();
        else if (items.length) moveTo(Math.min(active + 1, items.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open && items.length) moveTo(Math.max(active - 1, 0));
        break;
      case 'Enter': {
        if (!open) return; // closed, Enter submits the form as in any field
        event.preventDefault();
        const item = active >= 0 ? items[active] : settled && text.trim() ? items[0] : undefined;
        if (item) choose(item);
        break;
      }
      case 'Escape':
        if (!open) return;
        // Only the list closes, not a dialog around it.
        event.preventDefault();
        event.stopPropagation();
        hide();
        break;
      case 'Tab':
        if (open) hide();
        break;
    }
  };

  const status = !open
    ? null
    : query.isError
      ? toApiFailure(query.error).message
      : !query.data || !settled
        ? 'Searching…'
        : items.length === 0
          ? noMatches
          : total > items.length
            ? `${items.length} of ${total.toLocaleString('en-US')} shown: type to narrow.`
            : null;

  return (
    <FormField label={label} errors={errors} hint={hint}>
      {(a11y) => (
        <div className="relative">
          <input
            {...a11y}
            ref={inputRef}
            name={name}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 && active < items.length ? optionId(active) : undefined}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="search"
            disabled={disabled}
            value={open ? text : chosenLabel}
            placeholder={open ? chosenLabel || 'Type to search' : placeholder}
            onChange={(e) => {
              setText(e.target.value);
              setActive(-1);
              setOpen(true);
            }}
            onClick={() => (open ? undefined : show())}
            onKeyDown={onKeyDown}
            onBlur={() => {
              hide();
              onBlur?.();
            }}
            className={cx(inputClass, 'pr-9')}
          />
          <Icon
            path={mdiChevronDown}
            className="pointer-events-none absolute top-1/2 right-2 size-5 -translate-y-1/2 text-secondary"
          />
          <div
            hidden={!open}
            className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-md border border-secondary/30 bg-white shadow-lg"
          >
            <ul role="listbox" id={listId} aria-label={label} className="max-h-64 overflow-y-auto overscroll-contain py-1">
              {items.map((item, i) => {
                const v = optionValue(item);
                return (
                  <li
                    key={v}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    // Keeps the focus in the input, so choosing does not first close the list by blurring.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => choose(item)}
                    className={cx(
                      'flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-sm text-gray-900',
                      i === active ? 'bg-primary/10' : 'hover:bg-secondary-light',
                    )}
                  >
                    <span className="min-w-0 flex-1 truncate">{optionLabel(item)}</span>
                    {v === value ? <Icon path={mdiCheck} className="size-4 shrink-0 text-primary" /> : null}
                  </li>
                );
              })}
            </ul>
            {status ? (
              <p role="status" className="flex items-center gap-2 border-t border-secondary-light px-3 py-2 text-xs text-secondary">
                {status === 'Searching…' ? <Spinner className="size-3.5" /> : null}
                {status}
              </p>
            ) : null}
          </div>
        </div>
      )}
    </FormField>
  );
}
