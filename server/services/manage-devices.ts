import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  ManageDevice,
  manageDeviceListQuery,
  ManageDevicePanelInput,
  ManageDevicePanelResult,
  ManageDeviceUpdateInput,
} from '../../contract/devices';
import type { Page } from '../../contract/envelope';
import type { DB } from '../db/schema';
import { notFound } from '../http/errors';
import { correctDevice, movePanel } from './production/corrections';
import { findBatchHead } from '../store/batches';
import { findManageDevice, listManageDevices } from '../store/manage-devices';

/**
 * Superadmin corrections of devices across companies. The rules and the counter bookkeeping are
 * in production/corrections.ts; here the ids of the path become rows (404 when there is none).
 */

export function manageDevices(db: Kysely<DB>, list: z.output<typeof manageDeviceListQuery>): Promise<Page<ManageDevice>> {
  return listManageDevices(db, list);
}

export async function correctManageDevice(db: Kysely<DB>, deviceId: number, input: ManageDeviceUpdateInput): Promise<ManageDevice> {
  await correctDevice(db, deviceId, input);
  const device = await findManageDevice(db, deviceId);
  if (!device) throw notFound();
  return device;
}

/** Moves a panel of boards out of the batch `batchId` into another batch of its project. */
export async function movePanelOf(db: Kysely<DB>, batchId: number, input: ManageDevicePanelInput): Promise<ManageDevicePanelResult> {
  const source = await findBatchHead(db, batchId);
  if (!source) throw notFound();
  const moved = await movePanel(db, source, input);
  return { moved, from_batch_id: source.id, production_batch_id: input.production_batch_id };
}
