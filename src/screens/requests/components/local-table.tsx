import { useState, type ReactNode } from 'react';
import { Pagination } from '../../../components/data-table/pagination';
import { cx } from '../../../lib/cx';

export type LocalColumn<T> = { header: string; cell: (row: T) => ReactNode; className?: string };

/**
 * A table of rows already in the browser (a request's pads, an import's preview): paged here, so
 * thousands of rows render one page at a time. On a phone it scrolls sideways.
 */
export function LocalTable<T>({ label, rows, columns, rowKey, empty, rowClassName }: {
  label: string;
  rows: readonly T[];
  columns: LocalColumn<T>[];
  rowKey: (row: T) => string | number;
  empty: string;
  rowClassName?: (row: T) => string | undefined;
}) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(50);
  const pages = Math.max(1, Math.ceil(rows.length / limit));
  const current = Math.min(page, pages); // rows removed under the last page
  const shown = rows.slice((current - 1) * limit, current * limit);
  return (
    <div className="overflow-hidden rounded-md border border-secondary-light">
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label={label}>
          <thead className="bg-secondary-light/60 text-left text-xs text-secondary uppercase">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={cx('px-3 py-2 font-medium whitespace-nowrap', c.className)}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-secondary-light">
            {shown.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((c) => (
                  <td key={c.header} className={cx('px-3 py-1.5 align-top', c.className)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Below the sideways-scrolling table, not in a row of it: on a phone a row is wider than the screen and its centred text was cut off. */}
      {shown.length ? null : <p className="px-3 py-6 text-center text-sm text-secondary">{empty}</p>}
      {rows.length > 10 ? (
        <Pagination
          page={current}
          limit={limit}
          total={rows.length}
          onPage={setPage}
          onLimit={(next) => {
            setLimit(next);
            setPage(1);
          }}
        />
      ) : null}
    </div>
  );
}
