import { mdiArrowDown, mdiArrowUp, mdiSwapVertical } from '@mdi/js';
import { cx } from '../../lib/cx';
import { Icon } from '../icon';

type SortHeaderProps = {
  header: string;
  active: boolean;
  desc: boolean;
  onSort: () => void;
  className?: string;
};

/** A sortable column head: a button named by the column, its order stated by aria-sort. */
export function SortHeader({ header, active, desc, onSort, className }: SortHeaderProps) {
  return (
    <th scope="col" aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'} className={className}>
      <button
        type="button"
        onClick={onSort}
        className={cx(
          '-mx-2 inline-flex items-center gap-1 rounded px-2 py-1 font-semibold hover:bg-secondary-light',
          active ? 'text-primary-dark' : 'text-gray-700',
        )}
      >
        {header}
        <Icon
          path={active ? (desc ? mdiArrowDown : mdiArrowUp) : mdiSwapVertical}
          size={16}
          className={active ? undefined : 'opacity-40'}
        />
      </button>
    </th>
  );
}
