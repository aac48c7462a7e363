import { z } from 'zod';
import { fixtureSchema } from './fixtures';
import { listQuerySchema } from './list-query';
import { idField, idQueryField } from './numbers';
import { choice, optionalText, requiredText } from './text';

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
 * A device list's `search` of this many characters or more matches anywhere in a serial
 * (`7a12` finds `BN-0007A12F`); a shorter one matches the start of a serial, as one or two
 * characters anywhere would match most boards. Case-insensitive, every character literal
 * (`%`, `_`, `*` are no wildcards), and in the database's indexes either way (docs/architecture.md "Devices
 * search").
 */
export const SERIAL_SEARCH_ANYWHERE_MIN = 3;

/** The stored search key of a serial: serials are matched and kept unique case-insensitively. */
export const serialKey = (serial: string) => serial.trim().toLowerCase();

/** How a serial search is answered: `anywhere` in a serial (3 characters or more) or at its start (`prefix`). */
export function serialSearchKind(term: string): 'anywhere' | 'prefix' {
  return Array.from(serialKey(term)).length >= SERIAL_SEARCH_ANYWHERE_MIN ? 'anywhere' : 'prefix';
}

/** A serial search box's placeholder: both ways it searches. */
export const SERIAL_SEARCH_PLACEHOLDER = `Serial (start, or any ${SERIAL_SEARCH_ANYWHERE_MIN}+ characters)`;

/**
 * What a short serial search looks for, in words, so "no match" is not read as "no serial holds
 * it": one or two characters find only the serials that start with them. Null for a search of
 * three characters or more (it finds what it says) and for none.
 */
export function serialSearchNote(term: string | null | undefined): string | null {
  const shown = term?.trim() ?? '';
  if (!shown || serialSearchKind(shown) === 'anywhere') return null;
  return `Serials that start with “${shown}”. Type ${SERIAL_SEARCH_ANYWHERE_MIN} or more characters to search inside serials.`;
}

/**
 * An empty serial search's answer in the words of how it searched, so an empty short search does
 * not read as "no serial holds it" (the note above the table says how to search inside serials).
 */
export function serialNoMatches(term: string): string {
  const shown = term.trim();
  return serialSearchKind(shown) === 'anywhere'
    ? `No serial contains “${shown}”.`
    : `No serial starts with “${shown}”.`;
}

/** Devices of a project, sorted, filtered and searched by serial (see SERIAL_SEARCH_ANYWHERE_MIN). */
export const DEVICE_SORTABLE = ['id', 'serial', 'status', 'tested_at', 'created_at'] as const;
export const deviceListQuery = listQuerySchema(DEVICE_SORTABLE).extend({
  status: z.enum(DEVICE_STATUSES, { error: `status must be one of: ${DEVICE_STATUSES.join(', ')}` }).optional(),
  production_batch_id: idQueryField('production batch').optional(),
  /**
   * The boards with a report in which this step failed, at any time (they may have passed a
   * retest since): where a failing step of the statistics leads.
   */
  failing_step: optionalText('failing_step')
    .min(1, 'failing_step must not be empty.')
    .max(200, 'failing_step is at most 200 characters.')
    .optional(),
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
  /** What the report's company calls the jig, and the name it is registered under (contract/jig-names.ts). */
  enclosure_name: z.string().nullable(),
  enclosure_registered_name: z.string().nullable(),
  test_profile: z.string().nullable(),
  test_profile_version: z.string().nullable(),
  /** The project's test profile of that name and version, when it has one. */
  test_profile_id: z.number().int().nullable(),
  result: z.enum(REPORT_RESULTS),
  started_at: z.string(),
  finished_at: z.string(),
  failed_step_count: z.number().int(),
  step_count: z.number().int(),
  /** The fixture it ran on (contract/fixtures.ts); null for reports stored before fixtures were kept. */
  fixture_id: z.number().int().nullable(),
});
export type DeviceReport = z.infer<typeof deviceReportSchema>;

/** `GET /devicereports/{id}`: the report with its steps, failing steps first. */
export const deviceReportDetailSchema = deviceReportSchema.extend({
  steps: z.array(reportStepSchema),
  /** The fixture it ran on, as it was then: the cassette, each bay's cartridge with its calibration, the firmware. */
  fixture: fixtureSchema.nullable().optional(),
});
export type DeviceReportDetail = z.infer<typeof deviceReportDetailSchema>;

export const REPORT_SORTABLE = ['id', 'started_at', 'result'] as const;
export const reportListQuery = listQuerySchema(REPORT_SORTABLE);

/** A panel id: boards built together on one panel share it (migration 009). */
export const PANEL_ID_MAX = 64;

/** A panel id in a body: text; empty (or only spaces) clears it (null). */
export const panelIdField = optionalText('Panel id')
  .max(PANEL_ID_MAX, `Panel id is at most ${PANEL_ID_MAX} characters.`)
  .nullable()
  .transform((v) => (v ? v : null));

const deviceStatus = choice(DEVICE_STATUSES, 'Status');
const deviceBatch = idField('production batch');

/** `PATCH /manage/devices/{id}` (superadmin): correct a device. */
export const manageDeviceUpdateInput = z
  .object({
    serial: requiredText('Serial').max(64, 'Serial is at most 64 characters.'),
    status: deviceStatus,
    production_batch_id: deviceBatch,
    panel_id: panelIdField,
  })
  .partial();
export type ManageDeviceUpdateInput = z.infer<typeof manageDeviceUpdateInput>;

/** A panel correction touches at most this many boards (a panel holds tens). */
export const MAX_PANEL_DEVICES = 1000;

/**
 * `PATCH /manage/devices/panel/{panelId}` (superadmin): one correction for every board of a
 * panel, the single correction's status and batch (a serial is a board's own), all or none.
 */
export const manageDevicePanelInput = z.object({ status: deviceStatus, production_batch_id: deviceBatch }).partial();
export type ManageDevicePanelInput = z.infer<typeof manageDevicePanelInput>;

/** `GET /manage/devices` rows: a device with the project and company it belongs to. */
export const manageDeviceSchema = deviceSchema.extend({
  /** Boards built together on one panel share it; null when not known. */
  panel_id: z.string().nullable(),
  project_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
});
export type ManageDevice = z.infer<typeof manageDeviceSchema>;

/** Answer of the panel correction: the panel, how many boards it holds and how many changed. */
export const manageDevicePanelResultSchema = z.object({
  panel_id: z.string(),
  device_count: z.number().int(),
  changed: z.number().int(),
});
export type ManageDevicePanelResult = z.infer<typeof manageDevicePanelResultSchema>;

export const MANAGE_DEVICE_SORTABLE = ['id', 'serial', 'status', 'tested_at'] as const;
export const manageDeviceListQuery = listQuerySchema(MANAGE_DEVICE_SORTABLE).extend({
  company_id: idQueryField('company').optional(),
  project_id: idQueryField('project').optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
});
