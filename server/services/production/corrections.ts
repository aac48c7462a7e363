import type { Kysely, SelectQueryBuilder } from 'kysely';
import { MAX_PANEL_DEVICES, type ManageDevicePanelInput, type ManageDeviceUpdateInput } from '../../../contract/devices';
import { dialectOf, keptOnPostgres } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { conflict, invalid, notFound } from '../../http/errors';
import { effectiveStatus, serialKey } from '../../store/devices';
import { withUniqueFields } from '../../store/unique';
import { applyDeviceChanges, type DeviceChange } from './counters';
import { shareReleaseLocks } from './release-lock';

/**
 * Superadmin corrections of devices. Each is one transaction that describes the change to the
 * counters module as "before → after", the same way ingestion does, so totals, first-pass
 * counts and the per-batch statistics stay what a recount would give.
 */

const SERIAL_TAKEN = 'This project has a device with this serial already.';
const OTHER_PROJECT = 'Pick a batch of the same project.';
const RELEASED_IS_FINAL = 'This board was released; its status can no longer change.';
const RELEASE_THROUGH_BATCH = 'Boards are released through a release batch of their project.';

/** What the counters need of a board, its status as everyone reads it (a released batch's boards are released). */
const COUNTED = ['id', 'project_id', 'production_batch_id', effectiveStatus().as('status'), 'report_count', 'first_pass', 'pass_attempt'] as const;

/**
 * The release lock of the boards' projects, shared before the boards are read: a release of
 * their batch either waits for this correction or has happened when they are read
 * (release-lock.ts).
 */
async function shareReleaseLocksOf(trx: Kysely<DB>, boards: SelectQueryBuilder<DB, 'devices', object>): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  const projects = await boards.select('devices.project_id').distinct().execute();
  await shareReleaseLocks(trx, projects.map((p) => p.project_id));
}

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
  await withUniqueFields(() => db.transaction().execute((trx) => correctDeviceIn(trx, deviceId, input)), { devices_project_serial: ['serial', SERIAL_TAKEN] });
}

/**
 * The single correction inside the caller's transaction: what also changes a board's status
 * for another reason (a repair that scraps it), so the counters move the one way.
 */
export async function correctDeviceIn(trx: Kysely<DB>, deviceId: number, input: ManageDeviceUpdateInput): Promise<void> {
  const pg = dialectOf(trx) === 'postgres';
  await shareReleaseLocksOf(trx, trx.selectFrom('devices').where('id', '=', deviceId));
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
      ...(input.panel_id !== undefined && { panel_id: input.panel_id }),
      status: after.status,
      production_batch_id: after.production_batch_id,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', deviceId)
    .execute();
  if (input.serial !== undefined || after.production_batch_id !== before.production_batch_id) {
    // A picked board's serial and production batch are also its pick's (migration 018).
    await trx
      .updateTable('release_batch_picks')
      .set({ production_batch_id: after.production_batch_id, ...(input.serial !== undefined && { serial_key: serialKey(input.serial) }) })
      .where('device_id', '=', deviceId)
      .execute();
  }
  const company = await companyOfProject(trx, before.project_id);
  await applyDeviceChanges(trx, company, [{ before, after, device_id: deviceId }]);
}

const countOfBoards = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'board' : 'boards'}`;

/**
 * `PATCH /manage/devices/panel/{panelId}`: the single correction's status and batch for every
 * board of a panel, in one transaction, all or none, under the single correction's rules: a
 * released board's status is final (409 for the whole panel), nothing is released here (422),
 * a batch must be of the boards' project (422). A panel id is the manufacturer's text, so boards
 * of two projects may share one by chance: such a panel is refused (409) rather than corrected
 * across projects, and its boards are corrected one by one.
 */
export async function correctPanel(
  db: Kysely<DB>,
  panelId: string,
  input: ManageDevicePanelInput,
): Promise<{ device_count: number; changed: number }> {
  const pg = dialectOf(db) === 'postgres';
  const panel = `Panel “${panelId}”`;
  return db.transaction().execute(async (trx) => {
    await shareReleaseLocksOf(trx, trx.selectFrom('devices').where('panel_id', '=', panelId));
    // Locked in id order (PostgreSQL), so reports and other corrections of these boards wait
    // and then see the change, and two panel corrections never lock in opposite orders.
    const q = trx.selectFrom('devices').where('panel_id', '=', panelId).select(COUNTED).orderBy('id');
    const rows = await (pg ? q.forUpdate() : q).execute();
    if (!rows.length) throw notFound(`No board carries the panel id “${panelId}”.`);
    if (rows.length > MAX_PANEL_DEVICES) {
      throw conflict(`${panel} holds ${countOfBoards(rows.length)}, more than ${MAX_PANEL_DEVICES.toLocaleString('en-US')} at once; correct its boards one by one.`);
    }
    const projects = new Set(rows.map((r) => r.project_id));
    if (projects.size > 1) {
      throw conflict(`${panel} holds boards of ${projects.size} projects; correct its boards one by one.`);
    }
    const projectId = rows[0]!.project_id;

    if (input.status !== undefined) {
      const released = rows.filter((r) => r.status === 'released' && r.status !== input.status).length;
      if (released) {
        throw conflict(
          `${countOfBoards(released)} of panel “${panelId}” ${released === 1 ? 'was' : 'were'} released; a released board's status can no longer change. Nothing was changed.`,
        );
      }
    }
    const errors: Record<string, string[]> = {};
    if (input.production_batch_id !== undefined && !(await batchOfProject(trx, input.production_batch_id, projectId))) {
      errors.production_batch_id = [OTHER_PROJECT];
    }
    if (input.status === 'released' && rows.some((r) => r.status !== 'released')) errors.status = [RELEASE_THROUGH_BATCH];
    if (Object.keys(errors).length) throw invalid(errors);

    const changes = rows
      .map((before) => ({
        before,
        after: {
          ...before,
          status: input.status ?? before.status,
          production_batch_id: input.production_batch_id ?? before.production_batch_id,
        },
        device_id: before.id,
      }))
      .filter(({ before, after }) => before.status !== after.status || before.production_batch_id !== after.production_batch_id);
    if (changes.length) {
      await trx
        .updateTable('devices')
        .set({
          ...(input.status !== undefined && { status: input.status }),
          ...(input.production_batch_id !== undefined && { production_batch_id: input.production_batch_id }),
          updated_at: new Date().toISOString(),
        })
        .where(
          'id',
          'in',
          changes.map((c) => c.device_id),
        )
        .execute();
      if (input.production_batch_id !== undefined) {
        // The boards' picks keep their production batch (migration 018).
        await trx
          .updateTable('release_batch_picks')
          .set({ production_batch_id: input.production_batch_id })
          .where('device_id', 'in', changes.map((c) => c.device_id))
          .execute();
      }
      await applyDeviceChanges(trx, await companyOfProject(trx, projectId), changes satisfies DeviceChange[]);
    }
    return { device_count: rows.length, changed: changes.length };
  });
}
