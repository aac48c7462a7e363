import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import { PipelinedTransactions } from './pipelined';
import { PipelinedReads } from './pipelined-reads';
import { CurrentSchemaPostgresDialect } from './postgres-dialect';
import { preparingMarkedStatements } from './prepared';
import type { DB } from './schema';
import { withRowsBuiltInJs } from './sqlite-rows';

/** Where the data lives: one SQLite file (the embedded default), or a PostgreSQL database. */
export type DatabaseSpec =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

export const SQLITE_FILE_NAME = 'jigboard.sqlite';

/** `DATABASE_URL` decides: a postgres:// URL means PostgreSQL, anything else the SQLite file. */
export function databaseSpecFor(databaseUrl: string | undefined, dataDir: string): DatabaseSpec {
  if (!databaseUrl) return { kind: 'sqlite', file: path.join(dataDir, SQLITE_FILE_NAME) };
  if (/^postgres(ql)?:\/\//i.test(databaseUrl)) return { kind: 'postgres', url: databaseUrl };
  // Better to refuse than to quietly start on an empty SQLite file beside the intended database.
  throw new Error('DATABASE_URL must be a postgres:// URL; leave it unset to use SQLite in DATA_DIR.');
}

const connections = new WeakMap<Kysely<DB>, pg.ClientConfig>();
const pools = new WeakMap<Kysely<DB>, pg.Pool>();

/** The connection pool of a PostgreSQL database this module opened (the metrics read its counts). */
export const postgresPoolOf = (db: Kysely<DB>): pg.Pool | undefined => pools.get(db);

/**
 * Settings of every connection the server opens. JIT compilation is off: PostgreSQL compiles a
 * statement to machine code once its estimated cost passes a threshold, and the app's statements
 * are index walks that such estimates overrate. On the bench's million boards, compiling took
 * 70-680 ms of statements that ran in 60-400 ms (the release review's counts: 745 ms, of it 682
 * ms compiling, against 66 ms of work), and never paid back. PostgreSQL's own docs name short
 * OLTP queries as where JIT costs more than it brings.
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off';

/**
 * How to open one more connection to the database `db` talks to, outside its pool: the live
 * results' LISTEN connection (server/live/postgres.ts). Undefined for SQLite, and for a Kysely
 * instance this module did not open.
 */
export function postgresConnectionOf(db: Kysely<DB>): pg.ClientConfig | undefined {
  return connections.get(db);
}

/**
 * Pipelined transactions (pipelined.ts) on the database `db` talks to, over `size` connections
 * of their own; undefined for SQLite, and for a Kysely instance this module did not open. The
 * caller destroys them.
 */
export function openPipelinedTransactions(db: Kysely<DB>, size: number): PipelinedTransactions | undefined {
  const connection = connections.get(db);
  return connection && new PipelinedTransactions(connection, size);
}

/**
 * Single read statements on `size` connections every request shares (pipelined-reads.ts), on
 * the database `db` talks to; undefined for SQLite, whose statements run in this process. The
 * caller destroys them.
 */
export function openPipelinedReads(db: Kysely<DB>, size: number): PipelinedReads | undefined {
  const connection = connections.get(db);
  return connection && new PipelinedReads(connection, size, db);
}

export function openDatabase(spec: DatabaseSpec): Kysely<DB> {
  if (spec.kind === 'postgres') {
    if (spec.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(spec.schema)) {
      throw new Error(`Not a plain schema name: ${spec.schema}`); // it goes into a -c option verbatim
    }
    const connection: pg.ClientConfig = {
      connectionString: spec.url,
      // A schema per test file (or per tenant) without touching the URL.
      options: [POSTGRES_SESSION_OPTIONS, ...(spec.schema ? [`-c search_path=${spec.schema}`] : [])].join(' '),
    };
    const pool = new pg.Pool({ ...connection, max: spec.poolSize ?? 10 });
    preparingMarkedStatements(pool);
    const db = new Kysely<DB>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
    connections.set(db, connection);
    pools.set(db, pool);
    return db;
  }
  mkdirSync(path.dirname(spec.file), { recursive: true });
  const sqlite = new Database(spec.file);
  // WAL lets readers run beside the one writer; busy_timeout makes a second process wait for
  // the write lock instead of failing at once; foreign keys are off in SQLite unless asked for.
  sqlite.pragma('journal_mode = WAL');
  // FULL syncs the WAL to disk at every commit: a jig stops retrying a report once it is
  // acknowledged, so an acknowledged report must survive a power cut, as PostgreSQL's synchronous
  // commit keeps it. NORMAL would leave the last commits in the OS's cache until a checkpoint.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** Enough for every distinct query the server writes; a rare one past it is prepared anew. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query again, and on a hot route preparing costs more than running the
 * indexed query itself. Statements are kept by their SQL text (least recently used dropped);
 * one still busy with a streamed query (CSV export) is left alone and a fresh one prepared.
 * Their rows are made into objects in JavaScript (sqlite-rows.ts).
 */
export function withStatementCache(database: Database.Database): SqliteDatabase {
  type Kept = { statement: Database.Statement; handed: SqliteStatement };
  const cache = new Map<string, Kept>();
  const prepared = (sqlText: string): Kept => {
    const statement = database.prepare(sqlText);
    return { statement, handed: withRowsBuiltInJs(statement) };
  };
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      const cached = cache.get(sqlText);
      if (cached && !cached.statement.busy) {
        cache.delete(sqlText); // re-insert: Map order is the recency order
        cache.set(sqlText, cached);
        return cached.handed;
      }
      const fresh = prepared(sqlText);
      if (!cached) {
        cache.set(sqlText, fresh);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return fresh.handed;
    },
  };
}
