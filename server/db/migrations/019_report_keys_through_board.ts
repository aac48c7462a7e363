import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * A report's project, company and batch are its board's: ingestion copies them from
 * the board, and a correction that moves a board to another batch moves its reports with it
 * (counters.ts, moveReportStatistics); a board never changes project, nor a project company.
 * The report's key to its board, and the board's keys to its project and batch, already keep
 * them pointing at rows that exist. Their own foreign keys on device_reports checked nothing
 * more, and cost twice:
 *
 * - Deleting any project, batch or company, even an empty one, looked for reports naming it,
 *   and no index starts with those columns: a scan of every report. On the bench's 1,096,448
 *   reports, deleting an empty batch took 1,072 ms on PostgreSQL and 1,217 ms on SQLite, where
 *   the one writer holds every other request for that long. Indexes for them would cost every
 *   report three more entries instead.
 * - PostgreSQL checked each one with a query per stored report (a trigger at the statement's
 *   end): three of the eight checks a report that makes its board pays.
 *
 * PostgreSQL drops the three constraints. SQLite cannot drop a constraint; its documented way
 * for removing a foreign key without rebuilding the table (https://www.sqlite.org/lang_altertable.html,
 * "making other kinds of table schema changes") edits the table's CREATE text in sqlite_schema
 * and bumps schema_version; the rows on disk do not change. better-sqlite3 runs SQLite in
 * defensive mode, which forbids that edit, so it is made on a connection of its own in unsafe
 * mode, held only for it. (SQLite migrations run outside a transaction: kysely's SQLite adapter.)
 */
const KEYS = [
  { column: 'project_id', parent: 'projects' },
  { column: 'company_id', parent: 'companies' },
  { column: 'production_batch_id', parent: 'production_batches' },
] as const;

/** The column as migration 002 declared it, with and without its reference. */
const withReference = (column: string, parent: string) => `"${column}" integer not null references "${parent}" ("id")`;
const withoutReference = (column: string) => `"${column}" integer not null`;

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const { column } of KEYS) await sql`alter table device_reports drop constraint if exists ${sql.ref(`device_reports_${column}_fkey`)}`.execute(db);
    return;
  }
  await editCreateText(db, (text) => KEYS.reduce((t, { column, parent }) => replaceOnce(t, withReference(column, parent), withoutReference(column)), text));
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const { column, parent } of KEYS) {
      await sql`alter table device_reports add constraint ${sql.ref(`device_reports_${column}_fkey`)} foreign key (${sql.ref(column)}) references ${sql.table(parent)} (id)`.execute(db);
    }
    return;
  }
  await editCreateText(db, (text) => KEYS.reduce((t, { column, parent }) => replaceOnce(t, withoutReference(column), withReference(column, parent)), text));
}

/** `from` must occur exactly once in the CREATE text: anything else is a schema this migration does not know. */
function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`device_reports: expected ${from} once in ${text}`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * Rewrites device_reports' CREATE text in sqlite_schema. A database file gets a connection of its
 * own, in unsafe mode for this alone. An in-memory database has no other connection: its owner
 * must have turned defensive mode off (the bench's throwaway copy that it compares schemas with,
 * scripts/bench.ts).
 */
async function editCreateText(db: Kysely<any>, edit: (text: string) => string): Promise<void> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const file = rows.find((row) => row.name === 'main')?.file;
  if (!file) {
    return rewrite(db, edit).catch((error: unknown) => {
      throw new Error('device_reports: an in-memory database needs defensive mode off for this edit (better-sqlite3 unsafeMode)', { cause: error });
    });
  }
  const raw = new Database(file);
  raw.pragma('busy_timeout = 5000');
  raw.unsafeMode(true);
  const own = new Kysely<any>({ dialect: new SqliteDialect({ database: raw }) });
  try {
    await rewrite(own, edit);
  } finally {
    await own.destroy(); // closes `raw`
  }
}

/** The edit, in one transaction, with schema_version bumped so every connection reads the new text. */
async function rewrite(db: Kysely<any>, edit: (text: string) => string): Promise<void> {
  await sql`begin`.execute(db);
  try {
    const { rows: tables } = await sql<{ sql: string }>`select sql from sqlite_schema where type = 'table' and name = 'device_reports'`.execute(db);
    const { rows: versions } = await sql<{ schema_version: number }>`pragma schema_version`.execute(db);
    await sql`pragma writable_schema = on`.execute(db);
    await sql`update sqlite_schema set sql = ${edit(tables[0].sql)} where type = 'table' and name = 'device_reports'`.execute(db);
    await sql.raw(`pragma schema_version = ${versions[0].schema_version + 1}`).execute(db);
    await sql`pragma writable_schema = off`.execute(db);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}
