import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { jsonRecordset, recordsJson } from '../../db/prepared';
import type { DB } from '../../db/schema';

type SqlType = 'integer' | 'text';
type Row = Record<string, number | string>;

/**
 * A table that writers add to rather than set (issue 14): the maintained counters, the daily
 * sums, and marks kept once. Each is described once, by its columns, so the same rows can go
 * as plain statements (`writeNow`, SQLite) or inside ingestion's one prepared statement on
 * PostgreSQL (report-writes.ts), and both mean the same.
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
};

/** Column types for counters: each of `columns` an integer. */
export const integers = <C extends string>(columns: readonly C[]) => Object.fromEntries(columns.map((c) => [c, 'integer'])) as Record<C, 'integer'>;

/** Where a service sends the rows it adds to tallies: at once, or gathered (report-writes.ts). */
export type Writes = { tally<R extends Row>(db: Kysely<DB>, tally: Tally<R>, rows: R[]): Promise<void> };

/** Each tally's rows written as they come: for callers that read what they wrote. */
export const writeNow: Writes = {
  async tally(db, tally, rows) {
    for (const statement of tallyStatements(db, tally, rows)) await statement.execute();
  },
};

/** A row that adds nothing (all its added columns 0) is left out: it would store an empty day. */
export const addsSomething = <R extends Row>(tally: Tally<R>, row: R) => tally.mode === 'once' || tally.added.some((c) => row[c] !== 0);

const columnsOf = <R extends Row>(tally: Tally<R>) => Object.keys(tally.columns) as (keyof R & string)[];
const addedTo = (table: string, column: string, from: string) => sql`${sql.ref(`${table}.${column}`)} + ${sql.ref(`${from}.${column}`)}`;

/**
 * The rows as Kysely statements: one multi-row insert for `upsert` and `once`, one update per
 * row for `update` (of the columns it changes). Rows are written in the order given, which is
 * the order their rows are locked in.
 */
function tallyStatements<R extends Row>(db: Kysely<DB>, tally: Tally<R>, rows: R[]) {
  const kept = rows.filter((row) => addsSomething(tally, row));
  if (kept.length === 0) return [];
  // The table is known only at run time here: the tally's columns are its typing.
  const loose = db as Kysely<any>;
  const values = kept.map((row) => Object.fromEntries(columnsOf(tally).map((c) => [c, row[c]])));
  if (tally.mode === 'update') {
    return kept.map((row) => {
      const changed = tally.added.filter((c) => row[c] !== 0);
      let update = loose.updateTable(tally.table).set(Object.fromEntries(changed.map((c) => [c, sql`${sql.ref(c)} + ${row[c]}`])));
      for (const k of tally.key) update = update.where(sql<SqlBool>`${sql.ref(k)} = ${row[k]}`);
      return update;
    });
  }
  const insert = loose.insertInto(tally.table).values(values);
  if (tally.mode === 'once') return [insert.onConflict((oc) => oc.doNothing())];
  const set = Object.fromEntries(tally.added.map((c) => [c, addedTo(tally.table, c, 'excluded')]));
  return [insert.onConflict((oc) => oc.columns([...tally.key]).doUpdateSet(set))];
}

/** The rows as `tallyFromJson` reads them (a row that adds nothing left out). */
export const tallyJson = <R extends Row>(tally: Tally<R>, rows: R[]) => recordsJson(tally.columns, rows.filter((row) => addsSomething(tally, row)));

/**
 * A tally's rows (`tallyJson`, a JSON parameter) as one PostgreSQL statement whose text depends
 * on the tally only, for a prepared statement that serves every call (prepared.ts). The rows are
 * read, and locked, in the order given.
 */
export function tallyFromJson<R extends Row>(tally: Tally<R>, json: Expression<unknown>): RawBuilder<unknown> {
  const from = jsonRecordset(tally.columns, json);
  const table = sql.table(tally.table);
  if (tally.mode === 'update') {
    const set = sql.join(tally.added.map((c) => sql`${sql.ref(c)} = ${addedTo(tally.table, c, 'v')}`));
    const where = sql.join(tally.key.map((k) => sql`${sql.ref(`${tally.table}.${k}`)} = ${sql.ref(`v.${k}`)}`), sql` and `);
    return sql`update ${table} set ${set} from ${from} where ${where}`;
  }
  const columns = columnsOf(tally);
  const insert = sql`insert into ${table} (${sql.join(columns.map((c) => sql.ref(c)))}) select ${sql.join(columns.map((c) => sql.ref(`v.${c}`)))} from ${from}`;
  if (tally.mode === 'once') return sql`${insert} on conflict do nothing`;
  const set = sql.join(tally.added.map((c) => sql`${sql.ref(c)} = ${addedTo(tally.table, c, 'excluded')}`));
  return sql`${insert} on conflict (${sql.join(tally.key.map((k) => sql.ref(k)))}) do update set ${set}`;
}
