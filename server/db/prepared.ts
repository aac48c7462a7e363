import { createHash } from 'node:crypto';
import { CompiledQuery, sql, type Expression, type Kysely, type OperationNodeSource, type RawBuilder } from 'kysely';
import type pg from 'pg';

/**
 * Named prepared statements on PostgreSQL, for the few statements a hot path sends over and over
 * with the same text (ingestion's lookup, once per group of reports). Kysely sends every query
 * unnamed, and PostgreSQL then parses and plans it anew each time: for that lookup 1.5 ms of the
 * server's time per group, more than running it. A statement marked with `prepared` is parsed
 * once per connection, and after five runs PostgreSQL may keep a generic plan. Only a statement
 * whose text never varies with its data belongs here (arrays, not lists, as parameters): each
 * distinct text stays prepared on its connection for the connection's life. SQLite's statements
 * are cached by their text already (open.ts).
 */
const MARK = '/* prepared */ ';

/** The statement, marked to be prepared once per connection (see above). */
export const prepared = <T>(statement: RawBuilder<T>): RawBuilder<T> => sql<T>`${sql.raw(MARK)}${statement}`;

/**
 * An array parameter of a prepared statement, as a subquery: the planner then estimates its
 * length the same way in a plan for these values as in a generic plan, so after five runs it
 * keeps the generic one and stops planning. Given the array itself, it knows the length in each
 * run's own plan, which then always looks cheaper than a generic plan estimated for 100 rows,
 * and every run is planned anew (1.15 ms of ingestion's lookup, against 0.28 ms running it).
 */
export const arrayParameter = (values: readonly (number | string)[] | Expression<unknown>, type: 'integer' | 'text') =>
  // The outer cast keeps `x = any(…)` reading it as an array, not as a subquery of rows.
  sql`cast((select cast(${values} as ${sql.raw(type)}[])) as ${sql.raw(type)}[])`;

/**
 * Rows as a recordset `v` of these columns, for a prepared statement: one JSON parameter
 * (`recordsJson`) whatever the rows, read by json_to_recordset in the order given. The planner
 * estimates it at 100 rows whatever their number, so one generic plan serves every call; and
 * JSON.stringify is native, where node-postgres escapes each element of an array parameter in
 * JavaScript.
 */
export const jsonRecordset = (columns: Record<string, 'integer' | 'text'>, json: Expression<unknown>) =>
  sql`json_to_recordset(cast(${json} as json)) as v(${sql.raw(Object.entries(columns).map(([c, type]) => `${c} ${type}`).join(', '))})`;

/** The rows as `jsonRecordset` reads them: only these columns, in a JSON array. */
export const recordsJson = (columns: Record<string, 'integer' | 'text'>, rows: readonly object[]) => JSON.stringify(rows, Object.keys(columns));

/**
 * A prepared statement (PostgreSQL only) that Kysely builds and compiles once, on its first
 * call, rather than on every call: the statement's values go in named slots, filled per call.
 * For a hot path whose statement is large: building and compiling ingestion's writes cost
 * Node more per group of reports than sending them.
 */
export function preparedOnce<R, S extends string>(build: (slot: (name: S) => Expression<unknown>, db: Kysely<any>) => OperationNodeSource) {
  let compiled: { sql: string; slots: S[] } | undefined;
  return async (db: Kysely<any>, values: Record<S, unknown>): Promise<R[]> => {
    if (!compiled) {
      // Each slot compiles to a parameter holding its marker: the parameters' order is the slots'.
      const query = prepared(sql`${build((name) => sql.val({ slot: name }), db)}`).compile(db);
      compiled = { sql: query.sql, slots: query.parameters.map((p) => (p as { slot: S }).slot) };
    }
    const { slots } = compiled;
    return (await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, slots.map((name) => values[name])))).rows;
  };
}

const names = new Map<string, string>();
/** A name per distinct text: PostgreSQL refuses one name for two texts on a connection. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `jb_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Makes the pool's connections send marked statements as named ones; everything else (Kysely's
 * other queries, cursors) goes through unchanged.
 */
export function preparingMarkedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) =>
      typeof config === 'string' && config.startsWith(MARK)
        ? query({ name: nameOf(config), text: config, values }, callback)
        : query(config, values, callback);
  });
}
