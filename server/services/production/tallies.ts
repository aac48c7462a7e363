import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { amongJson, jsonRecordset, preparedOnce, recordsJson } from '../../db/prepared';
import type { DB } from '../../db/schema';

type SqlType = 'integer' | 'text' | 'real';
/** null: no value (a step's minimum before any was measured). */
type Row = Record<string, number | string | null>;

/**
 * A table that writers add to rather than set: the maintained counters, the daily
 * sums, and marks kept once. Each is described once, by its columns, and written by one
 * statement whose rows come as JSON: alone (`writeNow`), or with the rest of a group of reports
 * (report-writes.ts), which on PostgreSQL makes it part of one prepared statement.
 */
export type Tally<R extends Row> = {
  table: keyof DB & string;
  /**
   * `upsert`: a row is inserted, or added to the stored row with its key;
   * `update`: added to the stored row with its key, which exists (a batch, a project);
   * `once`: inserted unless a row with its key is stored already (a mark: nothing to add).
   */
  mode: 'upsert' | 'update' | 'once';
  /** Every column a row carries, in order, with its SQL type (PostgreSQL reads rows from JSON). */
  columns: { [C in keyof R]: SqlType };
  key: readonly (keyof R & string)[];
  /** The columns added to the stored row's; empty for `once`. */
  added: readonly (keyof R & string)[];
  /**
   * Columns an `upsert` combines otherwise than by adding (a mean, a minimum): each column's
   * expression of the stored row's and the incoming row's columns, all read before the update.
   * `combine` does the same in JavaScript, for two rows of one key in one statement's rows.
   */
  merged?: {
    set(stored: (column: keyof R & string) => RawBuilder<unknown>, incoming: (column: keyof R & string) => RawBuilder<unknown>, db: Kysely<DB>): Partial<Record<keyof R & string, RawBuilder<unknown>>>;
    combine(into: R, row: R): R;
  };
};

/** Column types for counters: each of `columns` an integer. */
export const integers = <C extends string>(columns: readonly C[]) => Object.fromEntries(columns.map((c) => [c, 'integer'])) as Record<C, 'integer'>;

/** Where a service sends the rows it adds to tallies: at once, or gathered (report-writes.ts). */
export type Writes = { tally<R extends Row>(db: Kysely<DB>, tally: Tally<R>, rows: R[]): Promise<void> };

/** Each tally's rows written as they come, by its one statement: for callers that read what they wrote. */
export const writeNow: Writes = {
  async tally(db, tally, rows) {
    const json = tallyJson(tally, rows);
    if (json !== '[]') await statementOf(tally)(db, { rows: json });
  },
};

const statements = new Map<Tally<Row>, ReturnType<typeof tallyStatement>>();
const tallyStatement = (tally: Tally<Row>) => preparedOnce<unknown, 'rows'>((slot, db) => tallyFromJson(db, tally, slot('rows')));
function statementOf<R extends Row>(tally: Tally<R>) {
  const key = tally as unknown as Tally<Row>;
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = tallyStatement(key)));
  return statement;
}

/** A row that adds nothing (all its added columns 0) is left out: it would store an empty day. */
export const addsSomething = <R extends Row>(tally: Tally<R>, row: R) => tally.mode === 'once' || tally.added.some((c) => row[c] !== 0);

const columnsOf = <R extends Row>(tally: Tally<R>) => Object.keys(tally.columns) as (keyof R & string)[];
const addedTo = (table: string, column: string, from: string) => sql`${sql.ref(`${table}.${column}`)} + ${sql.ref(`${from}.${column}`)}`;

/**
 * The rows as `tallyFromJson` reads them: rows with one key summed into the first (a statement
 * adds to a stored row once), and a row that adds nothing left out.
 */
export function tallyJson<R extends Row>(tally: Tally<R>, rows: R[]) {
  const byKey = new Map<string, R>();
  for (const row of rows) {
    const key = JSON.stringify(tally.key.map((k) => row[k]));
    const sum = byKey.get(key);
    if (!sum) byKey.set(key, { ...row });
    else if (tally.merged) byKey.set(key, tally.merged.combine(sum, row));
    else for (const c of tally.added) (sum as Row)[c] = Number(sum[c]) + Number(row[c]);
  }
  return recordsJson(tally.columns, [...byKey.values()].filter((row) => addsSomething(tally, row)));
}

/**
 * A tally's rows (`tallyJson`, one JSON parameter) as one statement whose text depends on the
 * tally only, not on the rows (prepared.ts): an insert for `upsert` and `once`, an update from
 * the rows for `update`. The rows are written, and locked, in the order given.
 */
export function tallyFromJson<R extends Row>(db: Kysely<DB>, tally: Tally<R>, json: Expression<unknown>): RawBuilder<unknown> {
  const from = jsonRecordset(db, tally.columns, json);
  const table = sql.table(tally.table);
  if (tally.mode === 'update') {
    // Added to by one key column (an id): the rows are found on its index, and locked in the
    // recordset's order, by the stored rows' hash probed with the recordset (amongJson).
    if (tally.key.length !== 1) throw new Error(`tally ${tally.table}: an update is by one key column`);
    const [key] = tally.key;
    const set = sql.join(tally.added.map((c) => sql`${sql.ref(c)} = ${addedTo(tally.table, c, 'v')}`));
    const stored = sql.ref(`${tally.table}.${key}`);
    return sql`update ${table} set ${set} from ${from}
      where ${stored} = ${sql.ref(`v.${key}`)} and ${amongJson(db, stored, key, tally.columns[key], json)}`;
  }
  const columns = columnsOf(tally);
  // `where true`: SQLite's parser needs it before ON CONFLICT.
  const insert = sql`insert into ${table} (${sql.join(columns.map((c) => sql.ref(c)))}) select ${sql.join(columns.map((c) => sql.ref(`v.${c}`)))} from ${from} where true`;
  if (tally.mode === 'once') return sql`${insert} on conflict do nothing`;
  const merged = tally.merged?.set((c) => sql.ref(`${tally.table}.${c}`), (c) => sql.ref(`excluded.${c}`), db) ?? {};
  const set = sql.join([
    ...tally.added.map((c) => sql`${sql.ref(c)} = ${addedTo(tally.table, c, 'excluded')}`),
    ...Object.entries(merged).map(([c, expression]) => sql`${sql.ref(c)} = ${expression as RawBuilder<unknown>}`),
  ]);
  return sql`${insert} on conflict (${sql.join(tally.key.map((k) => sql.ref(k)))}) do update set ${set}`;
}
