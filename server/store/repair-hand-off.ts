import type { Kysely } from 'kysely';
import type { FailingStep } from '../../contract/station';
import type { DB } from '../db/schema';
import './repair-tables';

/** A repair as it is opened: waiting, with why and from which run, scan and person. */
export type RepairOpening = {
  company_id: number;
  project_id: number;
  device_id: number;
  reason: string;
  failing_steps: FailingStep[];
  report_id: number | null;
  enclosure_id: number | null;
  scan_id: number | null;
  sent_by: number | null;
  sent_at: string;
};

/**
 * Opens the board's repair and marks the board as waiting for it, in the caller's transaction.
 * The unique index on a board's waiting repair (repairs_one_waiting) refuses a second one.
 */
export async function openRepair(trx: Kysely<DB>, opening: RepairOpening): Promise<number> {
  const { failing_steps, ...values } = opening;
  const { id } = await trx
    .insertInto('repairs')
    .values({ ...values, status: 'waiting', failing_steps: JSON.stringify(failing_steps) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('devices').set({ in_repair: 1, updated_at: opening.sent_at }).where('id', '=', opening.device_id).execute();
  return id;
}
