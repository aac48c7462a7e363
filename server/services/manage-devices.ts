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
import { correctDevice, correctPanel } from './production/corrections';
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

/** One correction for every board of the panel `panelId` (production/corrections.ts). */
export async function correctManagePanel(db: Kysely<DB>, panelId: string, input: ManageDevicePanelInput): Promise<ManageDevicePanelResult> {
  return { panel_id: panelId, ...(await correctPanel(db, panelId, input)) };
}
