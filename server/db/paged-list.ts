import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Page } from '../../contract/envelope';
import { containsInsensitive, toCount } from './dialect';

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
  /** A unique column, so rows with equal sort values keep one order across pages. */
  tiebreaker: Expression<unknown>;
};

/**
 * One page of a filtered query plus the total, both computed in SQL. `query` carries the
 * endpoint's joins, filters and selections; this adds counting, ordering and the page window.
 */
export async function pagedList<DB, TB extends keyof DB, O, S extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  list: ListQuery<S>,
  sorting: ListSorting<S>,
): Promise<Page<O>> {
  const direction = list.sortdesc ? 'desc' : 'asc';
  const [countRow, rows] = await Promise.all([
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirst(),
    query
      .orderBy(sorting.columns[list.sortby ?? sorting.default], direction)
      .orderBy(sorting.tiebreaker, direction)
      .limit(list.limit)
      .offset((list.page - 1) * list.limit)
      .execute(),
  ]);
  const total = toCount((countRow as { total?: string | number } | undefined)?.total);
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
