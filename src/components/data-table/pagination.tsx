import { mdiChevronLeft, mdiChevronRight } from '@mdi/js';
import { useId } from 'react';
import { PAGE_SIZE_CHOICES } from '../../../contract/list-query';
import { Icon } from '../icon';

const PAGE_SIZES: readonly number[] = PAGE_SIZE_CHOICES;

type PaginationProps = {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
};

const navButton =
  'inline-flex size-9 items-center justify-center rounded-md text-secondary hover:bg-secondary-light ' +
  'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';

export function Pagination({ page, limit, total, onPage, onLimit }: PaginationProps) {
  const id = useId();
  const from = total === 0 ? 0 : Math.min((page - 1) * limit + 1, total);
  const to = Math.min(page * limit, total);
  const sizes = PAGE_SIZES.includes(limit) ? PAGE_SIZES : [...PAGE_SIZES, limit].sort((a, b) => a - b);
  return (
    <div className="flex flex-wrap items-center justify-end gap-x-6 gap-y-2 border-t border-secondary-light px-3 py-2 text-sm text-secondary">
      <div className="flex items-center gap-2">
        <label htmlFor={id}>Rows per page</label>
        <select
          id={id}
          value={limit}
          onChange={(e) => onLimit(Number(e.target.value))}
          className="rounded border border-secondary/40 bg-white px-2 py-1"
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-1">
        <span aria-live="polite" className="mr-2 tabular-nums">
          {from}–{to} of {total}
        </span>
        <button type="button" className={navButton} aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <Icon path={mdiChevronLeft} />
        </button>
        <button
          type="button"
          className={navButton}
          aria-label="Next page"
          disabled={page * limit >= total}
          onClick={() => onPage(page + 1)}
        >
          <Icon path={mdiChevronRight} />
        </button>
      </div>
    </div>
  );
}
