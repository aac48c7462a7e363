import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../contract/envelope';
import { REPAIR_STATUS_LABELS, type Repair, type RepairCompleteInput, type repairListQuery, type RepairStatus } from '../../contract/repairs';
import type { DB } from '../db/schema';
import type { FileStore, StoredFile } from '../files/file-store';
import { conflict, invalidField, notFound } from '../http/errors';
import { keepFailureCode } from '../store/failure-codes';
import {
  findRepair,
  leaveRepair,
  listRepairs,
  lockBoard,
  lockRepair,
  returnBoardToTest,
  writeCompletion,
  type RepairOwner,
  type StoredRepair,
} from '../store/repairs';
import { correctDeviceIn } from './production/corrections';

/**
 * Repairs of a project's boards: the queue of boards waiting for repair, and the record of each
 * repair once done. A repair is opened by the hand-off (repair-hand-off.ts); here it is read and
 * completed: repaired (the board returns to test with a fresh set of attempts) or scrapped (the
 * board's status becomes scrapped, through the same correction that moves the batch counters).
 */

const shown = ({ file_id: _file, ...repair }: StoredRepair): Repair => repair;

export async function projectRepairs(db: Kysely<DB>, projectId: number, list: z.output<typeof repairListQuery>): Promise<Page<Repair>> {
  const page = await listRepairs(db, projectId, list);
  return { data: page.data.map(shown), meta: page.meta };
}

export async function repair(db: Kysely<DB>, id: number): Promise<Repair> {
  return shown(await found(db, id));
}

/** The repair's file, for its download; 404 when it has none. */
export async function repairFileId(db: Kysely<DB>, id: number): Promise<string> {
  const stored = await found(db, id);
  if (!stored.file_id) throw notFound('This repair has no file.');
  return stored.file_id;
}

/**
 * Records the repair as done, in one transaction: the board first (locked, as ingestion locks it
 * before it reads whether the board waits for repair), then the repair, which must still be
 * waiting (409 otherwise: two technicians cannot both complete it). The failure code must be one
 * of the repair's company, in use (422 on `failure_code_id`). Should anything refuse, the
 * uploaded file goes again: a refused completion leaves nothing behind.
 */
export async function completeRepair(
  db: Kysely<DB>,
  files: FileStore,
  technician: { id: number },
  owner: RepairOwner,
  upload: { file?: StoredFile; fields: RepairCompleteInput },
): Promise<Repair> {
  const input = upload.fields;
  try {
    await db.transaction().execute(async (trx) => {
      await lockBoard(trx, owner.device_id);
      const locked = await lockRepair(trx, owner.id);
      if (!locked) throw notFound();
      if (locked.status !== 'waiting') {
        throw conflict(`This repair is ${REPAIR_STATUS_LABELS[locked.status as RepairStatus].toLowerCase()} already; only a board waiting for repair can be recorded as repaired or scrapped.`);
      }
      const code = await keepFailureCode(trx, input.failure_code_id);
      if (!code || code.company_id !== locked.company_id) {
        throw invalidField('failure_code_id', `There is no failure code with id ${input.failure_code_id}.`);
      }
      if (code.archived) throw invalidField('failure_code_id', 'This failure code is archived: choose one in use.');
      await writeCompletion(trx, locked.id, {
        outcome: input.outcome,
        failure_code_id: code.id,
        action: input.action,
        parts: input.parts,
        notes: input.notes ? input.notes : null,
        file_id: upload.file?.id ?? null,
        repaired_by: technician.id,
        repaired_at: new Date().toISOString(),
      });
      if (input.outcome === 'repaired') {
        await returnBoardToTest(trx, locked.device_id);
      } else {
        await correctDeviceIn(trx, locked.device_id, { status: 'scrapped' });
        await leaveRepair(trx, locked.device_id);
      }
    });
  } catch (error) {
    if (upload.file) await files.delete(upload.file.id);
    throw error;
  }
  return repair(db, owner.id);
}

async function found(db: Kysely<DB>, id: number): Promise<StoredRepair> {
  const stored = await findRepair(db, id);
  if (!stored) throw notFound();
  return stored;
}
