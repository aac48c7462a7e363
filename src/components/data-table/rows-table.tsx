import { useState, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { useNarrow } from '../../lib/use-narrow';
import { CardList } from './card-list';
import { Pagination } from './pagination';
import { CELL, cellContent } from './cell-content';
import type { Column } from './types';

type RowsTableProps<T> = {
  /** Names the table for readers (a hidden caption), e.g. "Selected modules". */
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  emptyText?: string;
  /** A row that needs attention (a shortfall, a refusal) is tinted red; its cells must still say why. */
  rowTone?: (row: T) => 'danger' | undefined;
  /** Below a row, across the table (a refusal, an inline editor). */
  rowFooter?: (row: T) => ReactNode;
  /**
   * Pages the rows here, this many at first (a request's thousands of pads, an import's preview,
   * its hundreds of pad groups): only a page is drawn. Without it every row is.
   */
  pageSize?: number;
};

/** Below this many rows there is nothing to page, whatever page size was chosen. */
const FEWEST_PAGED = 10;

const noClick = () => () => {};

/**
 * A table of rows already loaded (a request's modules, its capacity per resource type, its pads):
 * the DataTable's look and its cards on a phone, without server sorting or search, paged here
 * when asked (`pageSize`). Lists the server pages are DataTable's.
 */
export function RowsTable<T>(props: RowsTableProps<T>) {
  const { rows, pageSize } = props;
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(pageSize ?? rows.length);
  if (!pageSize || rows.length <= FEWEST_PAGED) return <Rows {...props} />;
  const pages = Math.max(1, Math.ceil(rows.length / limit));
  const current = Math.min(page, pages); // rows removed under the last page
  return (
    <div className="flex flex-col">
      <Rows {...props} rows={rows.slice((current - 1) * limit, current * limit)} />
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
    </div>
  );
}

function Rows<T>({ label, columns, rows, rowKey, emptyText, rowTone, rowFooter }: RowsTableProps<T>) {
  const narrow = useNarrow();
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-secondary-light bg-white py-8 text-center text-sm text-secondary">{emptyText ?? 'Nothing here yet.'}</p>
    );
  if (narrow) {
    const withFooter: Column<T>[] = rowFooter
      ? [...columns, { key: '__footer', header: '', card: 'footer', cell: (row) => rowFooter(row) }]
      : columns;
    return (
      <div className="min-w-0 rounded-lg border border-secondary-light bg-white shadow-sm">
        <CardList label={label} columns={withFooter} rows={rows} rowKey={rowKey} onRowClick={noClick} busy={false} rowTone={rowTone} />
      </div>
    );
  }
  return (
    <div className="min-w-0 overflow-x-auto rounded-lg border border-secondary-light bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-background text-xs text-gray-700">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cx('px-3 py-3 font-semibold', c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        {rows.map((row) => {
          const footer = rowFooter?.(row);
          return (
            // One body per row keeps a row and its footer together for readers and for striping.
            <tbody key={rowKey(row)} className={cx('border-t border-secondary-light', rowTone?.(row) === 'danger' && 'bg-error-light/60')}>
              <tr className="text-gray-800">
                {columns.map((c) => (
                  <td key={c.key} className={cx(CELL, c.className)}>
                    {cellContent(c, row)}
                  </td>
                ))}
              </tr>
              {footer ? (
                <tr>
                  <td colSpan={columns.length} className="px-3 pb-3 [&_button]:whitespace-nowrap">
                    {footer}
                  </td>
                </tr>
              ) : null}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}
