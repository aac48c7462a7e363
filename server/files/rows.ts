import type { Kysely, Selectable } from 'kysely';
import type { DB, FilesTable } from '../db/schema';
import type { FileBackend, StoredFile } from './file-store';

/** The `files` table's queries, shared by both back ends (the metadata is the same). */

function toStoredFile(row: Selectable<FilesTable>): StoredFile {
  return { ...row, size: Number(row.size), backend: row.backend as FileBackend };
}

export async function fileRow(db: Kysely<DB>, id: string): Promise<StoredFile | undefined> {
  const row = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toStoredFile(row);
}

export async function insertFileRow(db: Kysely<DB>, file: StoredFile): Promise<void> {
  await db.insertInto('files').values(file).execute();
}

export async function deleteFileRow(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}
