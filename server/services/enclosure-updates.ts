import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { EnclosureUpdate, EnclosureUpdateFields, enclosureUpdateListQuery, EnclosureUpdateUpdateInput } from '../../contract/enclosure-updates';
import type { Page } from '../../contract/envelope';
import type { DB } from '../db/schema';
import type { FileStore, StoredFile } from '../files/file-store';
import { notFound } from '../http/errors';
import { deleteRow, type CleanupLog } from './deletes';
import {
  deleteEnclosureUpdateRow,
  lockEnclosureUpdate,
  findEnclosureUpdate,
  insertEnclosureUpdate,
  listEnclosureUpdates,
  updateEnclosureUpdate,
  type StoredEnclosureUpdate,
} from '../store/enclosure-updates';

/**
 * Firmware for the jigs (`/manage/enclosure-updates`). An update owns its file: the
 * file is stored before the row exists (the upload streams it) and removed with the row.
 */

const shown = ({ file_id: _file, ...update }: StoredEnclosureUpdate): EnclosureUpdate => update;

export async function enclosureUpdates(
  db: Kysely<DB>,
  list: z.output<typeof enclosureUpdateListQuery>,
): Promise<Page<EnclosureUpdate>> {
  const page = await listEnclosureUpdates(db, list);
  return { data: page.data.map(shown), meta: page.meta };
}

export async function enclosureUpdate(db: Kysely<DB>, id: number): Promise<EnclosureUpdate> {
  return shown(await found(db, id));
}

/** The file of an update, for its download. */
export async function enclosureUpdateFileId(db: Kysely<DB>, id: number): Promise<string> {
  return (await found(db, id)).file_id;
}

/**
 * Records an uploaded firmware file as an update. Should the row not be written, the file goes
 * again: an upload either becomes an update or leaves nothing behind.
 */
export async function addEnclosureUpdate(
  db: Kysely<DB>,
  files: FileStore,
  uploader: { id: number },
  upload: { file: StoredFile; fields: EnclosureUpdateFields },
): Promise<EnclosureUpdate> {
  let id: number;
  try {
    id = await insertEnclosureUpdate(db, { ...upload.fields, file_id: upload.file.id, created_by: uploader.id });
  } catch (error) {
    await files.delete(upload.file.id);
    throw error;
  }
  return enclosureUpdate(db, id);
}

export async function changeEnclosureUpdate(db: Kysely<DB>, id: number, input: EnclosureUpdateUpdateInput): Promise<EnclosureUpdate> {
  await found(db, id);
  if (Object.keys(input).length) await updateEnclosureUpdate(db, id, input);
  return enclosureUpdate(db, id);
}

/**
 * Deletes the update, then its file once the delete has committed (services/deletes.ts): a file
 * that will not go is logged and left, never a row pointing at missing bytes. Nothing refers to
 * an update yet; the jigs that fetched it will, and their refusal goes here.
 */
export async function removeEnclosureUpdate(db: Kysely<DB>, files: FileStore, id: number, log: CleanupLog): Promise<void> {
  const about: CleanupLog = { error: (details, message) => log.error({ ...details, enclosure_update_id: id }, message) };
  await deleteRow(
    { db, files, log: about },
    {
      lock: (trx) => lockEnclosureUpdate(trx, id),
      remove: async (trx, row) => {
        await deleteEnclosureUpdateRow(trx, row.id);
        return [row.file_id];
      },
    },
  );
}

async function found(db: Kysely<DB>, id: number): Promise<StoredEnclosureUpdate> {
  const update = await findEnclosureUpdate(db, id);
  if (!update) throw notFound();
  return update;
}
