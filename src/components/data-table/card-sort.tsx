import { useId } from 'react';

type CardSortProps = {
  columns: { key: string; header: string }[];
  sortby: string | undefined;
  desc: boolean;
  onSort: (sortby: string, desc: boolean) => void;
  /** The table's default order when it sorts by a field it shows no column of (invitations by creation). */
  defaultOrder?: { sortby: string; desc: boolean };
};

const ORDERS = [
  { desc: false, word: 'ascending' },
  { desc: true, word: 'descending' },
];

/**
 * The column heads' sort for cards, which have no heads: one select of each sortable column in
 * each order, so a phone sorts with one native picker.
 */
export function CardSort({ columns, sortby, desc, onSort, defaultOrder }: CardSortProps) {
  const id = useId();
  if (columns.length === 0) return null;
  const value = sortby ? `${sortby}:${desc ? 'desc' : 'asc'}` : '';
  const hidden = defaultOrder && !columns.some((c) => c.key === defaultOrder.sortby) ? defaultOrder : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const [key, order] = e.target.value.split(':');
          if (key) onSort(key, order === 'desc');
        }}
        className="min-h-10 max-w-full min-w-0 rounded-md border border-secondary/40 bg-white px-2 py-2 text-sm text-gray-900 focus:border-primary focus:outline-2 focus:outline-primary/30"
      >
        {sortby ? null : <option value="">None</option>}
        {hidden ? <option value={`${hidden.sortby}:${hidden.desc ? 'desc' : 'asc'}`}>Default order</option> : null}
        {columns.flatMap((c) =>
          ORDERS.map((o) => (
            <option key={`${c.key}:${o.word}`} value={`${c.key}:${o.desc ? 'desc' : 'asc'}`}>
              {c.header}, {o.word}
            </option>
          )),
        )}
      </select>
    </div>
  );
}
