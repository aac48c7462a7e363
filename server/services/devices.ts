import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Device, DeviceReport, reportListQuery } from '../../contract/devices';
import type { Page } from '../../contract/envelope';
import type { DB } from '../db/schema';
import { listDeviceReports } from '../store/reports';

/** A device's test reports, the latest first. */
export function reportsOfDevice(
  db: Kysely<DB>,
  device: Device,
  list: z.output<typeof reportListQuery>,
): Promise<Page<DeviceReport>> {
  return listDeviceReports(db, device.id, list);
}
