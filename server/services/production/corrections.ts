import type { Kysely } from 'kysely';
import type { ManageDevicePanelInput, ManageDeviceUpdateInput } from '../../../contract/devices';
import { dialectOf, keptOnPostgres } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { conflict, invalid, invalidField, notFound } from '../../http/errors';
import { serialKey } from '../../store/devices';
import { withUniqueFields } from '../../store/unique';
import { applyDeviceChanges, type DeviceChange } from './counters';

/**
 * Superadmin corrections of devices. Each is one transaction that describes the change to the
 * counters module as "before → after", the same way ingestion does, so totals, first-pass
 * counts and the per-batch statistics stay what a recount would give.
 */

const SERIAL_TAKEN = 'This project has a device with this serial already.';
const OTHER_PROJECT = 'Pick a batch of the same project.';
const RELEASED_IS_FINAL = 'This board was released; its status can no longer change.';
const RELEASE_THROUGH_BATCH = 'Boards are released through a release batch of their project.';

const COUNTED = ['id', 'project_id', 'production_batch_id', 'status', 'report_count', 'first_pass'] as const;

/** Kept until commit (PostgreSQL), so a delete of the batch cannot slip in before the move. */
async function batchOfProject(db: Kysely<DB>, batchId: number, projectId: number) {
  return keptOnPostgres(
    db,
    db.selectFrom('production_batches').where('id', '=', batchId).where('project_id', '=', projectId).select('id'),
  ).executeTakeFirst();
}

async function companyOfProject(db: Kysely<DB>, projectId: number): Promise<number> {
  const row = await db.selectFrom('projects').where('id', '=', projectId).select('company_id').executeTakeFirstOrThrow();
  return row.company_id;
}

/** `PATCH /manage/devices/{id}`: serial, status and batch (within its project). */
export async function correctDevice(db: Kysely<DB>, deviceId: number, input: ManageDeviceUpdateInput): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        // Locked on PostgreSQL so a report arriving meanwhile waits and then sees the change.
        const q = trx.selectFrom('devices').where('id', '=', deviceId).select(COUNTED);
        const before = await (pg ? q.forUpdate() : q).executeTakeFirst();
        if (!before) throw notFound();
        const errors: Record<string, string[]> = {};
        if (input.production_batch_id !== undefined && !(await batchOfProject(trx, input.production_batch_id, before.project_id))) {
          errors.production_batch_id = [OTHER_PROJECT];
        }
        if (input.serial !== undefined) {
          const taken = await trx
            .selectFrom('devices')
            .where('project_id', '=', before.project_id)
            .where('serial_key', '=', serialKey(input.serial))
            .where('id', '!=', deviceId)
            .select('id')
            .executeTakeFirst();
          if (taken) errors.serial = [SERIAL_TAKEN];
        }
        // A shipped board's status is final, and boards are shipped only by releasing a release
        // batch: a correction must not fake or undo a release (the counters would lie too).
        if (input.status !== undefined && input.status !== before.status) {
          if (before.status === 'released') throw conflict(RELEASED_IS_FINAL);
          if (input.status === 'released') errors.status = [RELEASE_THROUGH_BATCH];
        }
        if (Object.keys(errors).length) throw invalid(errors);

        const after = {
          ...before,
          status: input.status ?? before.status,
          production_batch_id: input.production_batch_id ?? before.production_batch_id,
        };
        await trx
          .updateTable('devices')
          .set({
            ...(input.serial !== undefined && { serial: input.serial, serial_key: serialKey(input.serial) }),
            status: after.status,
            production_batch_id: after.production_batch_id,
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', deviceId)
          .execute();
        const company = await companyOfProject(trx, before.project_id);
        await applyDeviceChanges(trx, company, [{ before, after, device_id: deviceId }]);
      }),
    { devices_project_serial: ['serial', SERIAL_TAKEN] },
  );
}

/**
 * `PATCH /manage/devices/panel/{batchId}`: moves a panel of boards from one batch to another of
 * the same project, all or nothing. Returns how many moved.
 */
export async function movePanel(
  db: Kysely<DB>,
  source: { id: number; project_id: number },
  input: ManageDevicePanelInput,
): Promise<number> {
  if (input.production_batch_id === source.id) {
    throw invalidField('production_batch_id', 'The devices are in this batch already.');
  }
  const ids = [...new Set(input.device_ids)].sort((a, b) => a - b);
  const pg = dialectOf(db) === 'postgres';
  return db.transaction().execute(async (trx) => {
    if (!(await batchOfProject(trx, input.production_batch_id, source.project_id))) {
      throw invalidField('production_batch_id', OTHER_PROJECT);
    }
    // In id order, so two moves touching the same boards lock them in the same order.
    const q = trx
      .selectFrom('devices')
      .where('id', 'in', ids)
      .where('production_batch_id', '=', source.id)
      .select(COUNTED)
      .orderBy('id');
    const rows = await (pg ? q.forUpdate() : q).execute();
    if (rows.length !== ids.length) {
      const found = new Set(rows.map((r) => r.id));
      const missing = ids.filter((id) => !found.has(id));
      throw invalidField('device_ids', `Not in this batch: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''}.`);
    }
    await trx
      .updateTable('devices')
      .set({ production_batch_id: input.production_batch_id, updated_at: new Date().toISOString() })
      .where('id', 'in', ids)
      .execute();
    const changes: DeviceChange[] = rows.map((before) => ({
      before,
      after: { ...before, production_batch_id: input.production_batch_id },
      device_id: before.id,
    }));
    await applyDeviceChanges(trx, await companyOfProject(trx, source.project_id), changes);
    return rows.length;
  });
}
