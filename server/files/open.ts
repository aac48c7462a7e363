import path from 'node:path';
import type { Kysely } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { DB } from '../db/schema';
import type { FileBackend, FileStore } from './file-store';
import { FolderFileStore } from './folder-store';
import { PostgresFileStore } from './postgres-store';

export const FILES_FOLDER = 'files';

/**
 * The store the configuration names, or by default the one that fits the database: a folder
 * beside the SQLite file, or PostgreSQL itself when the server may run as several replicas.
 * A ready store (tests) is used as it is.
 */
export async function openFileStore(
  db: Kysely<DB>,
  dataDir: string,
  choice?: FileBackend | FileStore,
): Promise<FileStore> {
  if (typeof choice === 'object') return choice;
  const onPostgres = dialectOf(db) === 'postgres';
  const backend = choice ?? (onPostgres ? 'postgres' : 'folder');
  if (backend === 'postgres') {
    if (!onPostgres) throw new Error('FILE_STORE=postgres needs the PostgreSQL database (DATABASE_URL).');
    return new PostgresFileStore(db);
  }
  return FolderFileStore.open(db, path.join(dataDir, FILES_FOLDER));
}
