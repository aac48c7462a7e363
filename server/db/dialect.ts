import {
  PostgresAdapter,
  sql,
  type CreateTableBuilder,
  type Expression,
  type Kysely,
  type SqlBool,
} from 'kysely';

/**
 * Every difference between SQLite and PostgreSQL that the server's SQL has to know about lives
 * here, so the rest of the code is written once against Kysely and runs on both.
 */
export type DialectName = 'sqlite' | 'postgres';

const dialects = new WeakMap<Kysely<any>, DialectName>();

export function dialectOf(db: Kysely<any>): DialectName {
  let name = dialects.get(db);
  if (!name) {
    // getExecutor() is marked internal but is the only way to ask a Kysely instance what it
    // talks to; the answer is cached so the lookup stays off the hot path.
    name = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
    dialects.set(db, name);
  }
  return name;
}

/** Adds the integer primary key `id` that every entity table starts with. */
export function addIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : // AUTOINCREMENT so an id of a deleted row is never handed out again (links stay unambiguous).
      table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** `%`, `_` and `\` in a search term are literal characters, not wildcards. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Case-insensitive "contains". SQLite's LIKE ignores case (ASCII only: SQLite has no Unicode
 * case folding without ICU); PostgreSQL needs ILIKE.
 */
export function containsInsensitive(
  db: Kysely<any>,
  column: Expression<string>,
  term: string,
): Expression<SqlBool> {
  const pattern = `%${escapeLike(term)}%`;
  return dialectOf(db) === 'postgres'
    ? sql<SqlBool>`${column} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}

/** PostgreSQL returns count(*) as a bigint string, SQLite as a number. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return Number(value ?? 0);
}

/**
 * The name of the unique index a failed insert/update collided with, or null when the error is
 * something else. Lets a race between "check, then insert" still end as a 422, not a 500.
 */
export function uniqueViolationTarget(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  if (typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT_UNIQUE')) {
    // "UNIQUE constraint failed: index 'users_email_unique'" or "... users.email"
    const message = String(e.message ?? '');
    return /index '([^']+)'/.exec(message)?.[1] ?? message.split(': ').pop() ?? '';
  }
  return null;
}

/**
 * Whether a write named a row that another transaction removed meanwhile (a foreign key's
 * target deleted between a check and the write): the caller checks again rather than failing.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * Whether the database refused a value itself (PostgreSQL's class 22 "data exception": a number
 * out of a column's range, a NUL in text; SQLite's type mismatch or oversized value). Such a
 * value came from the request past a missing validation, so it is the client's mistake.
 */
export function isRefusedValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return /^22[0-9A-Z]{3}$/.test(code) || code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG';
}

/**
 * Where the migration bookkeeping tables go. On PostgreSQL it must be the connection's own
 * schema: Kysely looks for its table in every schema, so another schema's copy would fool it.
 */
export async function migrationTableSchema(db: Kysely<any>): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * The ids of a correlated subquery's rows as one comma-separated string (null when none), so a
 * row can carry a short list without a second round trip. Order is not guaranteed.
 */
export function idListAgg(db: Kysely<any>, column: Expression<number>) {
  return dialectOf(db) === 'postgres'
    ? sql<string | null>`string_agg(${column}::text, ',')`
    : sql<string | null>`group_concat(${column}, ',')`;
}

export function parseIdList(value: string | null | undefined): number[] {
  return value ? value.split(',').map(Number) : [];
}

/**
 * A select that locks the rows it reads until the transaction ends, on PostgreSQL; SQLite has
 * no `FOR UPDATE` and needs none, as it runs one writer at a time.
 */
export function lockedOnPostgres<Q extends { forUpdate(): Q }>(db: Kysely<any>, query: Q): Q {
  return dialectOf(db) === 'postgres' ? query.forUpdate() : query;
}

/**
 * A select that keeps the rows it reads from being deleted (or their key changed) until the
 * transaction ends, on PostgreSQL: what a writer takes on a row it is about to refer to, so a
 * delete that locked the row first makes it wait and then find the row gone.
 */
export function keptOnPostgres<Q extends { forKeyShare(): Q }>(db: Kysely<any>, query: Q): Q {
  return dialectOf(db) === 'postgres' ? query.forKeyShare() : query;
}
