import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { ListParams } from '../../../contract/list-query';
import { cx } from '../../lib/cx';
import { useNarrow } from '../../lib/use-narrow';
import { toApiFailure } from '../../api/client';
import { Button } from '../button';
import { ErrorPresenter } from '../error-presenter';
import { LoadingBlock, Spinner } from '../spinner';
import { CardList } from './card-list';
import { CardSort } from './card-sort';
import { CELL, cellContent } from './cell-content';
import { Pagination } from './pagination';
import { SortHeader } from './sort-header';
import { TableSearch } from './table-search';
import type { Column, ListQuery } from './types';
import { useListParams, type ListDefaults } from './use-list-params';

type DataTableProps<T> = {
  /** Names the table for readers (a hidden caption), e.g. "Users". */
  label: string;
  columns: Column<T>[];
  query: ListQuery<T>;
  rowKey: (row: T) => string | number;
  /** Makes each row lead somewhere: its first cell becomes a link, the whole row clickable. */
  rowHref?: (row: T) => string;
  defaults?: ListDefaults;
  emptyText?: string;
  /** What an empty search says, e.g. how a short serial search searches; else "Nothing matches “…”." */
  noMatchesText?: (search: string) => string;
  /**
   * Filters or buttons beside the search box; a function gets the table's current params, e.g.
   * for an export of exactly the rows the table selects.
   */
  toolbar?: ReactNode | ((params: ListParams) => ReactNode);
  /** What the search matches, e.g. "Serial contains…"; the box is named `searchLabel`. */
  searchPlaceholder?: string;
  searchLabel?: string;
};

/**
 * The one table of the app: server-side paging, sorting and search, its state in the URL. On a
 * phone (below `sm`) each row is a card laid out by its columns' `card` roles, sorted by a select.
 */
export function DataTable<T>({
  label,
  columns,
  query,
  rowKey,
  rowHref,
  defaults,
  emptyText,
  noMatchesText,
  toolbar,
  searchPlaceholder,
  searchLabel,
}: DataTableProps<T>) {
  const sortable = columns.filter((c) => c.sortable).map((c) => c.key);
  const narrow = useNarrow();
  const [params, update] = useListParams(sortable, defaults);
  const [, navigate] = useLocation();
  const result = useQuery({ ...query(params), placeholderData: keepPreviousData });
  const rows = result.data?.data ?? [];
  const total = result.data?.meta.total ?? 0;

  const sortBy = (key: string) =>
    update({ sortby: key, sortdesc: params.sortby === key ? !params.sortdesc : false, page: 1 });

  // Mouse users may click anywhere on a row; keyboard and reader users get the first cell's link
  // (the title's on a card).
  // React bubbles a click in a row's dialog (a portal, outside the row's DOM) to the row: not a row click.
  const onRowClick = (row: T) => (event: MouseEvent) => {
    const target = event.target as HTMLElement;
    if (!rowHref || !event.currentTarget.contains(target) || target.closest('a, button, input, select')) return;
    navigate(rowHref(row));
  };

  let body: ReactNode;
  if (result.isPending) body = <LoadingBlock label={`Loading ${label.toLowerCase()}`} />;
  else if (result.isError && !result.data) {
    // A stale link past the last page: say so and offer the way back, rather than a dead end.
    const pageError = toApiFailure(result.error).fieldErrors.page?.[0];
    body = pageError ? (
      <div className="flex flex-col items-start gap-3 p-3">
        <ErrorPresenter error={pageError} title={`No such page of ${label.toLowerCase()}`} />
        <Button variant="secondary" onClick={() => update({ page: 1 })}>
          Go to the first page
        </Button>
      </div>
    ) : (
      <ErrorPresenter error={result.error} title={`Could not load ${label.toLowerCase()}`} />
    );
  }
  else if (rows.length === 0)
    body = (
      <p className="py-12 text-center text-sm text-secondary">
        {params.search
          ? (noMatchesText?.(params.search) ?? `Nothing matches “${params.search}”.`)
          : (emptyText ?? 'Nothing here yet.')}
      </p>
    );

  return (
    <div className="min-w-0 rounded-lg border border-secondary-light bg-white shadow-sm">
      <div className="flex flex-wrap items-center gap-3 border-b border-secondary-light p-3">
        <TableSearch
          value={params.search ?? ''}
          onSearch={(search) => update({ search, page: 1 })}
          placeholder={searchPlaceholder}
          label={searchLabel}
        />
        {/* On a phone the toolbar's items pair up under the search, two to a row, growing to fill it. */}
        <div className="flex w-full flex-wrap items-end gap-3 empty:hidden max-sm:*:min-w-fit max-sm:*:grow max-sm:*:basis-40 sm:contents">
          {typeof toolbar === 'function' ? toolbar(params) : toolbar}
          {narrow ? (
            <CardSort
              columns={columns.filter((c) => c.sortable)}
              sortby={params.sortby}
              desc={!!params.sortdesc}
              onSort={(sortby, sortdesc) => update({ sortby, sortdesc, page: 1 })}
              defaultOrder={defaults?.sortby ? { sortby: defaults.sortby, desc: !!defaults.sortdesc } : undefined}
            />
          ) : null}
        </div>
        {/* On a phone the cards dim instead. */}
        {result.isFetching && !result.isPending && !narrow ? <Spinner className="size-4 text-primary" /> : null}
      </div>
      {result.isError && result.data ? (
        <ErrorPresenter error={result.error} title="Could not refresh" className="m-3" />
      ) : null}
      {narrow ? (
        body ? null : (
          <CardList
            label={label}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            rowHref={rowHref}
            onRowClick={onRowClick}
            busy={result.isFetching}
          />
        )
      ) : (
        // The table fits its box (cells wrap); one that still cannot scrolls inside it, never the page.
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-busy={result.isFetching || undefined}>
            <caption className="sr-only">{label}</caption>
            <thead className="bg-background text-xs text-gray-700">
              <tr>
                {columns.map((c) =>
                  c.sortable ? (
                    <SortHeader
                      key={c.key}
                      header={c.header}
                      active={params.sortby === c.key}
                      desc={!!params.sortdesc}
                      onSort={() => sortBy(c.key)}
                      className={cx('px-3 py-2', c.className)}
                    />
                  ) : (
                    <th key={c.key} scope="col" className={cx('px-3 py-3 font-semibold', c.className)}>
                      {c.header}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-secondary-light">
              {body
                ? null
                : rows.map((row) => (
                    <tr
                      key={rowKey(row)}
                      onClick={onRowClick(row)}
                      className={cx('text-gray-800', rowHref && 'cursor-pointer hover:bg-primary-light/50')}
                    >
                      {columns.map((c, i) => {
                        const content = cellContent(c, row);
                        return (
                          <td key={c.key} className={cx(CELL, c.className)}>
                            {i === 0 && rowHref ? (
                              <Link href={rowHref(row)} className="font-medium text-primary-dark hover:underline">
                                {content}
                              </Link>
                            ) : (
                              content
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
            </tbody>
          </table>
        </div>
      )}
      {body ? <div className="px-3">{body}</div> : null}
      <Pagination
        page={params.page}
        limit={params.limit}
        total={total}
        onPage={(page) => update({ page })}
        onLimit={(limit) => update({ limit, page: 1 })}
      />
    </div>
  );
}
