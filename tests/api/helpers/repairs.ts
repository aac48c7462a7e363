import { insertFailureCode } from '../../../server/store/failure-codes';
import '../../../server/store/repair-tables';
import { next } from './access-world';
import { wroteBehindTheServer } from './production';
import type { TestApp } from './test-app';

/** A failure code of the company, straight into its table; returns its id. */
export function addCode(t: TestApp, companyId: number, code = `FC-${next()}`, options: { archived?: boolean } = {}): Promise<number> {
  return insertFailureCode(t.db, { company_id: companyId, code, description: `Fault ${code}`, archived: options.archived });
}

/** Sends the board to repair through the real hand-off (`POST /v1/devices/{id}/repairs`, from its page); returns the repair. */
export async function sendToRepair(t: TestApp, deviceId: number, reason = 'Current too high after three runs', as = 'alpha-engineer'): Promise<number> {
  const res = await t.call('POST', `/v1/devices/${deviceId}/repairs`, { as, body: { reason } });
  if (res.statusCode !== 201) throw new Error(`send to repair: ${res.statusCode} ${res.body}`);
  return res.json().data.repair_id;
}

/**
 * A board sent to repair at a time of the test's choosing (a hand-built history), as the
 * hand-off leaves it (a waiting repair, the board in repair),
 * written straight into the tables: these tests are about what happens after the hand-off.
 */
export async function sendToRepairDirect(
  t: TestApp,
  deviceId: number,
  options: { reason?: string; sent_at?: string; sent_by?: number | null; report_id?: number | null; enclosure_id?: number | null } = {},
): Promise<number> {
  const device = await t.db
    .selectFrom('devices')
    .innerJoin('projects', 'projects.id', 'devices.project_id')
    .select(['devices.project_id', 'projects.company_id'])
    .where('devices.id', '=', deviceId)
    .executeTakeFirstOrThrow();
  const failing = [{ name: 'current', measured: 0.9, low: 0, high: 0.5, unit: 'A' }];
  const { id } = await t.db
    .insertInto('repairs')
    .values({
      company_id: device.company_id,
      project_id: device.project_id,
      device_id: deviceId,
      status: 'waiting',
      reason: options.reason ?? 'Current too high after three runs',
      failing_steps: JSON.stringify(failing),
      report_id: options.report_id ?? null,
      enclosure_id: options.enclosure_id ?? null,
      scan_id: null,
      sent_by: options.sent_by ?? null,
      sent_at: options.sent_at ?? new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('devices').set({ in_repair: 1 }).where('id', '=', deviceId).execute();
  wroteBehindTheServer(t);
  return id;
}

export type CompleteForm = {
  outcome?: string;
  failure_code_id?: number | string;
  action?: string;
  parts?: string;
  notes?: string;
  file?: { data: Buffer; type?: string; name?: string };
};

/** The multipart form of `POST /v1/repairs/{id}/complete`, texts first as the app sends them. */
export function completeForm(form: CompleteForm): FormData {
  const body = new FormData();
  for (const key of ['outcome', 'failure_code_id', 'action', 'parts', 'notes'] as const) {
    const value = form[key];
    if (value !== undefined) body.append(key, String(value));
  }
  if (form.file) {
    const { data, type = 'image/jpeg', name = 'board.jpg' } = form.file;
    body.append('file', new Blob([new Uint8Array(data)], { type }), name);
  }
  return body;
}
