import { createHash } from 'node:crypto';
import { CompiledQuery, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type pg from 'pg';
import { dialectOf } from './dialect';

/**
 * Statements with one text whatever their data, for the hot path that sends them over and over
 * (ingestion: a lookup, new boards, and the writes, once per group of reports). Kysely builds,
 * compiles and sends every query anew, unnamed, and PostgreSQL then parses and plans it anew:
 * for ingestion more of both processes' time than running the statements. A statement made by
 * `preparedOnce` is compiled once per process and, on PostgreSQL, sent as a named statement,
 * parsed once per connection; after five runs PostgreSQL may keep a generic plan. Only a
 * statement whose text never varies with its data belongs here (JSON recordsets, not lists, as
 * parameters): each distinct text stays prepared on its connection for the connection's life.
 * SQLite's statements are cached by their text (open.ts), which one text makes a hit each time.
 */
const MARK = '/* prepared */ ';

/** A recordset column's type: 'real' a double (SQLite reads a JSON number with a fraction as one). */
export type RecordType = 'integer' | 'text' | 'real';

/**
 * Rows as a recordset `v` of these columns, for a statement whose text never varies: one JSON
 * parameter (`recordsJson`) whatever the rows, read in the order given. PostgreSQL's planner
 * estimates json_to_recordset at 100 rows whatever their number, so one generic plan serves
 * every call; SQLite reads them with jsonb_each, which hands each row's object to `->>` in its
 * binary form: json_each hands it over as text, made from the binary and parsed again for each
 * column (five report rows of 15 columns: 72-82 µs with json_each, 40 µs with jsonb_each, on
 * SQLite 3.51; the same values). JSON.stringify is native, where node-postgres escapes each
 * element of an array parameter in JavaScript.
 */
export function jsonRecordset(db: Kysely<any>, columns: Record<string, RecordType>, json: Expression<unknown>, alias = 'v') {
  const names = Object.keys(columns);
  if (dialectOf(db) === 'postgres') {
    // 'real' is float4 on PostgreSQL: a double's digits need double precision.
    const type = (c: string) => (columns[c] === 'real' ? 'double precision' : columns[c]);
    return sql`json_to_recordset(cast(${json} as json)) as ${sql.raw(alias)}(${sql.raw(names.map((c) => `${c} ${type(c)}`).join(', '))})`;
  }
  // ->> gives each value its SQL type: JSON numbers as integers, strings as text, null as NULL.
  return sql`(select ${sql.raw(names.map((c) => `value ->> '${c}' as ${c}`).join(', '))} from jsonb_each(${json})) as ${sql.raw(alias)}`;
}

/**
 * Whether `column` is one of the `key` values of a JSON recordset's rows. On PostgreSQL as
 * `= any(array(…))`, which the planner takes for about ten keys looked up on the column's
 * index: as a join it would take the recordset's 100 estimated rows for more than a table of
 * batches or jigs holds, hash them, and scan the whole table, locking its rows in the table's
 * order rather than the rows' (statements that lock several rows take them in key order).
 */
export function amongJson(db: Kysely<any>, column: Expression<unknown>, key: string, type: RecordType, json: Expression<unknown>) {
  const keys = sql`select w.${sql.raw(key)} from ${jsonRecordset(db, { [key]: type }, json, 'w')}`;
  return dialectOf(db) === 'postgres' ? sql<SqlBool>`${column} = any(array(${keys}))` : sql<SqlBool>`${column} in (${keys})`;
}

/** The rows as `jsonRecordset` reads them: only these columns, in a JSON array. */
export const recordsJson = (columns: Record<string, RecordType>, rows: readonly object[]) => JSON.stringify(rows, Object.keys(columns));

/** A recordset of ids (`idsJson`): one column, `id`. */
export const ID_COLUMN = { id: 'integer' } as const;
export const idsJson = (ids: readonly number[]) => recordsJson(ID_COLUMN, ids.map((id) => ({ id })));

/** A statement to compile: a raw statement, or a query builder (which ignores the argument). */
type Statement<R> = { compile(db: Kysely<any>): CompiledQuery<R> };

/**
 * A named value of a statement made by `preparedOnce`, filled per call. Typed `never` so it fits
 * wherever a value goes: the statement is compiled once, and the values' types are the caller's.
 */
export type Slot<S extends string> = (name: S) => Expression<never>;

/**
 * A statement that Kysely builds and compiles once per database kind, on its first call, rather
 * than on every call: its values go in named slots, filled per call. Prepared once per
 * connection on PostgreSQL (preparingMarkedStatements, below); on SQLite its one text keeps its cached statement (open.ts).
 * For a hot path whose statements are large: building and compiling ingestion's writes cost
 * Node more per group of reports than sending them.
 */
export function preparedOnce<R, S extends string>(build: (slot: Slot<S>, db: Kysely<any>) => Statement<R>) {
  const statement = preparedPerShape<R, S, null>((slot, db) => build(slot, db));
  return (db: Kysely<any>, values: Record<S, unknown>): Promise<R[]> => statement(db, null, values);
}

/** At most this many shapes of one statement are kept compiled; past it the oldest goes. */
const MAX_SHAPES = 256;

/**
 * `preparedOnce` for a statement whose text depends on a few choices (a list's filters, its
 * order): one compiled text per shape, a small JSON-able value. `build` sees the shape and the
 * slots only, never a call's values, so whatever it writes as a plain value comes from the shape
 * and is the same for every call of that shape.
 */
export function preparedPerShape<R, S extends string, K>(build: (slot: Slot<S>, db: Kysely<any>, shape: K) => Statement<R>) {
  const statement = compiledPerShape(build);
  const run = async (db: Kysely<any>, shape: K, values: Record<S, unknown>): Promise<R[]> => (await db.executeQuery<R>(statement(db, shape, values))).rows;
  /** The statement of this shape with these values, to send some other way (as preparedOnce's). */
  run.compiled = statement;
  return run;
}

/** The statement of `preparedPerShape` with a call's values, compiled once per shape: to send some other way (a pipelined transaction's last: pipelined.ts). */
function compiledPerShape<R, S extends string, K>(build: (slot: Slot<S>, db: Kysely<any>, shape: K) => Statement<R>) {
  type Compiled = { sql: string; parameters: ({ slot: S } | { value: unknown })[] };
  const compiled = new Map<string, Compiled>();
  return (db: Kysely<any>, shape: K, values: Record<S, unknown>): CompiledQuery<R> => {
    const key = `${dialectOf(db)} ${JSON.stringify(shape)}`;
    let statement = compiled.get(key);
    if (!statement) {
      const slots = new Set<unknown>();
      const slot = (name: S) => {
        const marker = { slot: name };
        slots.add(marker);
        return sql.val(marker) as Expression<never>;
      };
      // Each slot compiles to a parameter holding its marker; any other parameter is the shape's own.
      // Compiled as it is: inside a raw statement Kysely would put a select in parentheses, which SQLite refuses.
      const query = build(slot, db, shape).compile(db);
      const parameters = query.parameters.map((p) => (slots.has(p) ? (p as { slot: S }) : { value: p }));
      statement = { sql: MARK + query.sql, parameters };
      if (compiled.size >= MAX_SHAPES) compiled.delete(compiled.keys().next().value!);
      compiled.set(key, statement);
    }
    const parameters = statement.parameters.map((p) => ('slot' in p ? values[p.slot] : p.value));
    return CompiledQuery.raw(statement.sql, parameters) as CompiledQuery<R>;
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
  pool.on('connect', sendingMarkedStatements);
}

/** Makes this connection send marked statements as named ones (preparingMarkedStatements). */
export function sendingMarkedStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) =>
    typeof config === 'string' && config.startsWith(MARK)
      ? query({ name: nameOf(config), text: config, values }, callback)
      : query(config, values, callback);
}
