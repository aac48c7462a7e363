import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Page } from '../../contract/envelope';
import { invalidField } from '../http/errors';
import { containsInsensitive, dialectOf, toCount } from './dialect';

/** A parsed contract list query (`listQuerySchema`): paging, sorting and search. */
export type ListQuery<S extends string> = {
  page: number;
  limit: number;
  sortby?: S;
  sortdesc?: boolean;
  search?: string;
};

export type ListSorting<S extends string> = {
  /** The SQL each sortable field orders by; text fields order case-insensitively. */
  columns: Record<S, Expression<unknown>>;
  default: S;
  /** The default order runs descending (newest first) when the client names no sort field. */
  defaultDesc?: boolean;
  /** A unique column, so rows with equal sort values keep one order across pages. */
  tiebreaker: Expression<unknown>;
  /**
   * Fields that may be null (a device's tested_at). Nulls sort first ascending and last
   * descending on both databases (SQLite's rule; PostgreSQL is told so explicitly, and its
   * indexes over such columns are built `nulls first` to match).
   */
  nullable?: readonly S[];
};

/** `order by` for one sort field in one direction, nulls placed the same on both databases. */
export function orderBySort<QB extends SelectQueryBuilder<any, any, any>, S extends string>(
  db: Kysely<any>,
  query: QB,
  sorting: ListSorting<S>,
  sortby: S,
  desc: boolean,
): QB {
  const column = sorting.columns[sortby];
  const direction = desc ? 'desc' : 'asc';
  const ordered =
    dialectOf(db) === 'postgres' && sorting.nullable?.includes(sortby)
      ? query.orderBy(column, (ob) => (desc ? ob.desc().nullsLast() : ob.asc().nullsFirst()))
      : query.orderBy(column, direction);
  return ordered.orderBy(sorting.tiebreaker, direction) as QB;
}

/** The field and direction a list query sorts by: its own, or the sorting's default. */
export function sortOf<S extends string>(list: ListQuery<S>, sorting: ListSorting<S>): { sortby: S; desc: boolean } {
  return {
    sortby: list.sortby ?? sorting.default,
    desc: list.sortdesc ?? (list.sortby === undefined && sorting.defaultDesc === true),
  };
}

export type PagedListOptions = {
  /**
   * The total when it can be had cheaper than `count(*)` over the filtered rows (maintained
   * counters of a million-device project); default: count in SQL.
   */
  total?: () => Promise<number>;
  /** Needed with `sorting.nullable`, to place nulls alike on both databases. */
  db?: Kysely<any>;
  /**
   * Count first, and read no page when nothing matches: for a list that is usually empty and
   * costly to look through (a draft's boards that stopped qualifying), whose count is cheap.
   * Otherwise the count and the page are asked at once.
   */
  totalFirst?: boolean;
};

/**
 * One page of a filtered query plus the total, both computed in SQL. `query` carries the
 * endpoint's joins, filters and selections; this adds counting, ordering and the page window.
 */
export async function pagedList<DB, TB extends keyof DB, O, S extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  list: ListQuery<S>,
  sorting: ListSorting<S>,
  options: PagedListOptions = {},
): Promise<Page<O>> {
  const { sortby, desc } = sortOf(list, sorting);
  const direction = desc ? 'desc' : 'asc';
  if (sorting.nullable?.length && !options.db) throw new Error('pagedList: a sorting with nullable fields needs options.db');
  const ordered = options.db
    ? orderBySort(options.db, query, sorting, sortby, desc)
    : query.orderBy(sorting.columns[sortby], direction).orderBy(sorting.tiebreaker, direction);
  const countAll = async () => {
    const row = await query
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirst();
    return toCount((row as { total?: string | number } | undefined)?.total);
  };
  const count = options.total ?? countAll;
  const page = () =>
    ordered
      .limit(list.limit)
      .offset((list.page - 1) * list.limit)
      .execute();
  let total: number;
  let rows: unknown[];
  if (options.totalFirst) {
    total = await count();
    rows = total === 0 ? [] : await page();
  } else {
    [total, rows] = await Promise.all([count(), page()]);
  }
  // A page past the end is a client's mistake (a stale link, a hand-edited URL), not "no rows".
  const lastPage = Math.max(1, Math.ceil(total / list.limit));
  if (list.page > lastPage) {
    throw invalidField('page', `Page ${list.page} is past the last page (${lastPage}).`);
  }
  return { data: rows as O[], meta: { page: list.page, limit: list.limit, total } };
}

/** "One of these columns contains the term", case-insensitively, `%`/`_` taken literally. */
export function matchesSearch(
  db: Kysely<any>,
  term: string,
  columns: Expression<string>[],
): Expression<SqlBool> {
  const parts = columns.map((column) => containsInsensitive(db, column, term));
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
