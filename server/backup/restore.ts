import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { databaseSpecFor } from '../db/open';
import { FILES_FOLDER } from '../files/open';
import { copyFilesFolder, FILES_COPY, POSTGRES_DUMP, readManifest, SQLITE_COPY, type BackupManifest } from './layout';
import { runPostgresTool } from './tools';

export type RestoreOptions = {
  /** A folder `takeBackup` wrote. */
  from: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Replace data that is there; without it a restore only fills an empty place. */
  force?: boolean;
};

/** Data is there and `force` was not given, or a server is using it (never replaced under one). */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const from = path.resolve(options.from);
  const manifest = await readManifest(from);
  const spec = databaseSpecFor(options.databaseUrl, options.dataDir);
  if (manifest.database !== spec.kind) {
    throw new RestoreRefused(`This backup is of ${manifest.database}, but the configuration names ${spec.kind} (DATABASE_URL).`);
  }
  if (spec.kind === 'sqlite') {
    await refuseSqliteInUse(spec.file, options.force ?? false);
    const incoming = `${spec.file}.restoring`;
    await mkdir(path.dirname(spec.file), { recursive: true });
    await copyFile(path.join(from, SQLITE_COPY), incoming);
    // The old write-ahead log belongs to the old file: left beside the new one, SQLite would replay it into it.
    await rm(`${spec.file}-wal`, { force: true });
    await rm(`${spec.file}-shm`, { force: true });
    await rename(incoming, spec.file);
  } else {
    await refusePostgresInUse(spec.url, options.force ?? false);
    await runPostgresTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${spec.url}`, path.join(from, POSTGRES_DUMP)]);
  }
  await replaceFilesFolder(path.join(from, FILES_COPY), path.join(options.dataDir, FILES_FOLDER));
  return manifest;
}

async function refuseSqliteInUse(file: string, force: boolean): Promise<void> {
  if (!(await stat(file).catch(() => undefined))) return;
  if (!force) throw new RestoreRefused(`${file} exists; stop the server and pass --force to replace it.`);
  // Every connection to a WAL database holds a shared lock until it closes, and leaving WAL needs
  // the only one: a server still running keeps the mode at `wal`.
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 0');
    const mode = (() => {
      try {
        return db.pragma('journal_mode = DELETE', { simple: true });
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_BUSY') return 'wal';
        throw error;
      }
    })();
    if (mode === 'wal') throw new RestoreRefused(`${file} is in use: stop the server (every replica) before restoring.`);
  } finally {
    db.close();
  }
}

async function refusePostgresInUse(url: string, force: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ n: string }>('select count(*) as n from pg_tables where schemaname = current_schema()');
    if (Number(tables.rows[0]!.n) > 0 && !force) {
      throw new RestoreRefused('The database (DATABASE_URL) has tables; stop the server and pass --force to replace them.');
    }
    const others = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (Number(others.rows[0]!.n) > 0) {
      throw new RestoreRefused('Other sessions are connected to the database (DATABASE_URL): stop the server (every replica) before restoring.');
    }
  } finally {
    await client.end();
  }
}

/** The backup's files in place of the folder's, swapped by rename so a failed copy leaves the old folder. */
async function replaceFilesFolder(from: string, to: string): Promise<void> {
  if (!(await stat(from).catch(() => undefined))) return;
  const incoming = `${to}.restoring`;
  const old = `${to}.replaced`;
  await rm(incoming, { recursive: true, force: true });
  await copyFilesFolder(from, incoming);
  await rm(old, { recursive: true, force: true });
  await rename(to, old).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(incoming, to);
  await rm(old, { recursive: true, force: true });
}
