import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { idField, idListField, idQueryField } from './numbers';

export const DEVICE_STATUSES = ['untested', 'passed', 'failed', 'released', 'scrapped'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const REPORT_RESULTS = ['pass', 'fail', 'error'] as const;
export type ReportResult = (typeof REPORT_RESULTS)[number];

export const deviceSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  production_batch_id: z.number().int(),
  production_batch_name: z.string(),
  release_batch_id: z.number().int().nullable(),
  serial: z.string(),
  status: z.enum(DEVICE_STATUSES),
  /** null until the first report; then whether that first report passed. */
  first_pass: z.boolean().nullable(),
  last_result: z.enum(REPORT_RESULTS).nullable(),
  report_count: z.number().int(),
  tested_at: z.string().nullable(),
  created_at: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

/**
 * Devices of a project. `search` matches the serial from its start, case-insensitively, so it
 * runs on the serial index even over a million boards.
 */
export const DEVICE_SORTABLE = ['id', 'serial', 'status', 'tested_at', 'created_at'] as const;
export const deviceListQuery = listQuerySchema(DEVICE_SORTABLE).extend({
  status: z.enum(DEVICE_STATUSES, { error: `status must be one of: ${DEVICE_STATUSES.join(', ')}` }).optional(),
  production_batch_id: idQueryField('production batch').optional(),
  /**
   * `csv` (or `Accept: text/csv`) downloads every matching device, same filters and sort, no
   * paging: columns serial, batch, status, last_result, tested_at, first_pass.
   */
  format: z.enum(['json', 'csv'], { error: 'format is json or csv.' }).optional(),
});

export const reportStepSchema = z.object({
  name: z.string(),
  /** Measured value; null for steps that only pass or fail (e.g. programming). */
  value: z.number().nullable(),
  unit: z.string().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  pass: z.boolean(),
});
export type ReportStep = z.infer<typeof reportStepSchema>;

export const deviceReportSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  device_id: z.number().int(),
  device_serial: z.string(),
  project_id: z.number().int(),
  enclosure_id: z.number().int().nullable(),
  enclosure_name: z.string().nullable(),
  test_profile: z.string().nullable(),
  test_profile_version: z.string().nullable(),
  result: z.enum(REPORT_RESULTS),
  started_at: z.string(),
  finished_at: z.string(),
  failed_step_count: z.number().int(),
  step_count: z.number().int(),
});
export type DeviceReport = z.infer<typeof deviceReportSchema>;

/** `GET /devicereports/{id}`: the report with its steps, failing steps first. */
export const deviceReportDetailSchema = deviceReportSchema.extend({ steps: z.array(reportStepSchema) });
export type DeviceReportDetail = z.infer<typeof deviceReportDetailSchema>;

export const REPORT_SORTABLE = ['id', 'started_at', 'result'] as const;
export const reportListQuery = listQuerySchema(REPORT_SORTABLE);

/** `PATCH /manage/devices/{id}` (superadmin): correct a device. */
export const manageDeviceUpdateInput = z
  .object({
    serial: z.string().trim().min(1, 'Serial is required.').max(64, 'Serial is at most 64 characters.'),
    status: z.enum(DEVICE_STATUSES, { error: `Status must be one of: ${DEVICE_STATUSES.join(', ')}.` }),
    production_batch_id: idField('production batch'),
  })
  .partial();
export type ManageDeviceUpdateInput = z.infer<typeof manageDeviceUpdateInput>;

/** At most this many devices move in one panel move. */
export const MAX_PANEL_DEVICES = 1000;

/** `PATCH /manage/devices/panel/{batchId}` (superadmin): move a panel of devices to another batch. */
export const manageDevicePanelInput = z.object({
  device_ids: idListField('device', {
    min: 1,
    minMessage: 'Pick at least one device.',
    max: MAX_PANEL_DEVICES,
    maxMessage: `At most ${MAX_PANEL_DEVICES} devices at once.`,
  }),
  production_batch_id: idField('production batch', { required: 'Target batch is required.' }),
});
export type ManageDevicePanelInput = z.infer<typeof manageDevicePanelInput>;

/** `GET /manage/devices` rows: a device with the project and company it belongs to. */
export const manageDeviceSchema = deviceSchema.extend({
  project_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
});
export type ManageDevice = z.infer<typeof manageDeviceSchema>;

/** Answer of the panel move: how many devices moved and the ids of both batches. */
export const manageDevicePanelResultSchema = z.object({
  moved: z.number().int(),
  from_batch_id: z.number().int(),
  production_batch_id: z.number().int(),
});
export type ManageDevicePanelResult = z.infer<typeof manageDevicePanelResultSchema>;

export const MANAGE_DEVICE_SORTABLE = ['id', 'serial', 'status', 'tested_at'] as const;
export const manageDeviceListQuery = listQuerySchema(MANAGE_DEVICE_SORTABLE).extend({
  company_id: idQueryField('company').optional(),
  project_id: idQueryField('project').optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
});
