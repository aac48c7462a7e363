import type { TestApp } from './test-app';
import { next } from './access-world';

/**
 * Cartridge types and cassettes are other routes' rows (their own slices): the tests of
 * cartridges insert the few they need straight into the tables of migration 009.
 */
export async function insertCartridgeType(t: TestApp, name = `Type ${next()}`): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db.insertInto('cartridge_types').values({ name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCassette(t: TestApp, options: { serial?: string; bays?: number } = {}): Promise<number> {
  const now = new Date().toISOString();
  const serial = options.serial ?? `CS-${next()}`;
  const row = await t.db
    .insertInto('cassettes')
    .values({ serial, name: `Cassette ${serial}`, cartridge_bays: options.bays ?? 2, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Registers a cartridge as the superadmin; returns its id. */
export async function createCartridge(
  t: TestApp,
  body: { serial?: string; cartridge_type_id: number; cassette_id?: number | null; bay?: number | null },
): Promise<number> {
  const res = await t.call('POST', '/v1/cartridges', { as: 'root', body: { serial: `CR-${next()}`, ...body } });
  if (res.statusCode !== 201) throw new Error(`create cartridge: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

export type CalibrationForm = {
  calibrated_at?: string;
  due_at?: string;
  result?: string;
  values?: string;
  notes?: string;
  certificate?: { data: Buffer; type?: string; name?: string };
};

/** The multipart form of `POST /v1/cartridges/{id}/calibrations`, texts first as the app sends them. */
export function calibrationForm(form: CalibrationForm): FormData {
  const body = new FormData();
  for (const key of ['calibrated_at', 'due_at', 'result', 'values', 'notes'] as const) {
    const value = form[key];
    if (value !== undefined) body.append(key, value);
  }
  if (form.certificate) {
    const { data, type = 'application/pdf', name = 'certificate.pdf' } = form.certificate;
    body.append('certificate', new Blob([new Uint8Array(data)], { type }), name);
  }
  return body;
}

/** Records a calibration as the superadmin; returns its id. */
export async function recordCalibration(t: TestApp, cartridgeId: number, form: CalibrationForm = {}): Promise<number> {
  const res = await t.call('POST', `/v1/cartridges/${cartridgeId}/calibrations`, {
    as: 'root',
    body: calibrationForm({ calibrated_at: '2026-01-10', due_at: '2027-01-10', result: 'pass', ...form }),
  });
  if (res.statusCode !== 201) throw new Error(`record calibration: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}
