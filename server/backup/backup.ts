import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { databaseSpecFor } from '../db/open';
import { FILES_FOLDER } from '../files/open';
import {
  BACKUP_FORMAT,
  copyFilesFolder,
  FILES_COPY,
  missingFiles,
  POSTGRES_DUMP,
  SQLITE_COPY,
  writeManifest,
  type BackupManifest,
  type FileRowSize,
} from './layout';
import { runPostgresTool } from './tools';

export type BackupOptions = {
  /** `DATABASE_URL` as the server reads it: unset for SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The backup folder to create; it must not exist yet. */
  out: string;
  /** Whole tries before giving up when files were deleted while one ran (default 3). */
  attempts?: number;
  /** Runs between the database copy and the files copy: the tests delete a file there. */
  afterDatabase?: () => Promise<void>;
};

/**
 * A consistent copy of a running server's data. The database is copied first, then the folder
 * store's files: a file's bytes are written before its row and its row deleted before its bytes
 * (folder-store.ts, services/deletes.ts), so a file uploaded meanwhile is only an extra file in
 * the copy. A file deleted meanwhile would leave a row without bytes, so the copy is checked
 * against the copied rows and taken again when one is missing.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupManifest> {
  const attempts = options.attempts ?? 3;
  const out = path.resolve(options.out);
  // Written beside its final name and renamed when complete: a folder named like a backup is whole.
  const work = `${out}.part`;
  if (await stat(out).catch(() => undefined)) throw new Error(`${out} exists; a backup goes into a new folder.`);
  for (let attempt = 1; ; attempt++) {
    await rm(work, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    try {
      const { manifest, missing } = await attemptBackup(options, work);
      if (missing.length === 0) {
        await writeManifest(work, manifest);
        await rename(work, out);
        return manifest;
      }
      if (attempt >= attempts) {
        throw new Error(
          `Files were deleted while each of ${attempts} backups ran (last: ${missing.slice(0, 5).join(', ')}); try again when fewer files change.`,
        );
      }
    } catch (error) {
      await rm(work, { recursive: true, force: true });
      throw error;
    }
  }
}

async function attemptBackup(options: BackupOptions, work: string) {
  const spec = databaseSpecFor(options.databaseUrl, options.dataDir);
  const filesFrom = path.join(options.dataDir, FILES_FOLDER);
  const filesTo = path.join(work, FILES_COPY);
  const created_at = new Date().toISOString();
  if (spec.kind === 'sqlite') {
    const copy = path.join(work, SQLITE_COPY);
    await backupSqlite(spec.file, copy);
    await options.afterDatabase?.();
    const folder_files = await copyFilesFolder(filesFrom, filesTo);
    const missing = await missingFiles(filesTo, folderRowsOfSqlite(copy));
    return { manifest: { format: BACKUP_FORMAT, database: 'sqlite', created_at, folder_files } satisfies BackupManifest, missing };
  }
  // pg_dump reads in a snapshot this transaction exports, so the file rows checked below are the dump's.
  const client = new pg.Client({ connectionString: spec.url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    await runPostgresTool('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${path.join(work, POSTGRES_DUMP)}`, spec.url]);
    const fileRows = await client.query<FileRowSize>("select id, size from files where backend = 'folder'");
    await client.query('commit');
    await options.afterDatabase?.();
    // With FILE_STORE=postgres the bytes are in the dump; a folder is copied only if one is there.
    const folder_files = await copyFilesFolder(filesFrom, filesTo);
    const missing = await missingFiles(filesTo, fileRows.rows);
    return { manifest: { format: BACKUP_FORMAT, database: 'postgres', created_at, folder_files } satisfies BackupManifest, missing };
  } finally {
    await client.end();
  }
}

/**
 * SQLite's online backup on a connection of its own. All pages in one step: that step is one
 * read transaction, which under WAL never holds up the server's writers, whereas the default
 * steps of 100 pages start over whenever another connection writes between two of them, which
 * under a steady stream of reports could be forever.
 */
async function backupSqlite(file: string, copy: string): Promise<void> {
  const source = new Database(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(copy, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}

function folderRowsOfSqlite(copy: string): FileRowSize[] {
  // Read-write: a read-only connection cannot open a WAL database whose -shm does not exist yet.
  const db = new Database(copy, { fileMustExist: true });
  try {
    return db.prepare("select id, size from files where backend = 'folder'").all() as FileRowSize[];
  } finally {
    db.close();
  }
}
