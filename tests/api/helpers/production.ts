import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { JIG_SIGNATURE_HEADER } from '../../../contract/jig';
import { toCount } from '../../../server/db/dialect';
import { BATCH_COUNTERS } from '../../../server/services/production/counters';
import { recountBatch } from '../../../server/services/production/recount';
import { releaseCatchUp } from '../../../server/services/production/release-catch-up';
import { createEnclosure, jigSignature, type EnclosureProvisioning } from '../../../server/store/enclosures';
import type { TestApp } from './test-app';

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${++sequence}-${Math.random().toString(36).slice(2, 7)}`;

export type Jig = { id: number; serial: string; name: string; signature: string };

/** Registers an enclosure for a company (provisioned unless told otherwise). */
export async function createJig(
  t: TestApp,
  company_id: number | null,
  options: { provisioning?: EnclosureProvisioning; name?: string } = {},
): Promise<Jig> {
  const serial = unique('ENC');
  const secret = `secret-${serial}`;
  const name = options.name ?? `Jig ${serial}`;
  const id = await createEnclosure(t.db, { serial, name, company_id, secret, provisioning: options.provisioning });
  return { id, serial, name, signature: jigSignature(serial, secret) };
}

export type ReportBody = {
  uuid: string;
  serial: string;
  project_id: number;
  production_batch_id?: number;
  panel_id?: string;
  result: 'pass' | 'fail' | 'error';
  started_at: string;
  finished_at: string;
  test_profile?: string;
  test_profile_version?: string;
  steps: { name: string; value?: number | null; unit?: string | null; low?: number | null; high?: number | null; pass: boolean }[];
};

/** A valid report body: finished now (or at `finished_at`), steps matching the result. */
export function reportBody(fields: Partial<ReportBody> & Pick<ReportBody, 'serial' | 'project_id'>): ReportBody {
  const finished = fields.finished_at ?? new Date().toISOString();
  const started = fields.started_at ?? new Date(Date.parse(finished) - 30_000).toISOString();
  const result = fields.result ?? 'pass';
  return {
    uuid: randomUUID(),
    result,
    started_at: started,
    finished_at: finished,
    test_profile: 'smoke',
    test_profile_version: '1.0',
    steps: [
      { name: 'power on', value: 3.3, unit: 'V', low: 3.1, high: 3.5, pass: true },
      { name: 'flash', pass: true },
      { name: 'current', value: result === 'fail' ? 0.9 : 0.2, unit: 'A', low: 0, high: 0.5, pass: result !== 'fail' },
    ],
    ...fields,
  };
}

/** Posts a report through the real ingestion route, signed as `jig`. */
export function postReport(t: TestApp, jig: Pick<Jig, 'signature'> | null, body: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/v1/jig/reports',
    payload: body as object,
    headers: jig ? { [JIG_SIGNATURE_HEADER]: jig.signature } : {},
  });
}

export type Production = {
  projectId: number;
  manufacturerId: number;
  batchId: number;
  jig: Jig;
  /** Posts a report for this project (new serials land in `batchId` unless told otherwise). */
  report(fields: Partial<ReportBody> & { serial: string }): Promise<LightMyRequestResponse>;
  /** Creates another batch of this project through the API. */
  addBatch(name: string): Promise<number>;
};

/**
 * A project of `company` (created by the superadmin), a manufacturer, a batch and a
 * provisioned jig of that company, all through the real API except the jig (no API yet).
 */
export async function createProduction(
  t: TestApp,
  company: 'alpha' | 'beta' = 'alpha',
  names: { project?: string } = {},
): Promise<Production> {
  const company_id = t.companyIds[company];
  const project = await t.call('POST', '/v1/projects', {
    as: 'root',
    body: { company_id, name: names.project ?? unique('Project'), description: 'A test project' },
  });
  if (project.statusCode !== 201) throw new Error(`project: ${project.statusCode} ${project.body}`);
  const projectId: number = project.json().data.id;
  const manufacturer = await t.call('POST', `/v1/projects/${projectId}/manufacturers`, {
    as: 'root',
    body: { name: unique('Maker') },
  });
  if (manufacturer.statusCode !== 201) throw new Error(`manufacturer: ${manufacturer.statusCode} ${manufacturer.body}`);
  const manufacturerId: number = manufacturer.json().data.id;
  const addBatch = async (name: string) => {
    const res = await t.call('POST', `/v1/projects/${projectId}/productionbatches`, {
      as: 'root',
      body: { name, manufacturer_id: manufacturerId, planned_quantity: 100 },
    });
    if (res.statusCode !== 201) throw new Error(`batch: ${res.statusCode} ${res.body}`);
    return res.json().data.id as number;
  };
  const batchId = await addBatch('Lot 1');
  const jig = await createJig(t, company_id);
  return {
    projectId,
    manufacturerId,
    batchId,
    jig,
    addBatch,
    report: (fields) => postReport(t, jig, reportBody({ project_id: projectId, production_batch_id: batchId, ...fields })),
  };
}


/** A batch's maintained counters and the same counters recounted from its devices and reports. */
export async function batchCounters(t: TestApp, batchId: number) {
  // What the releases left to write is written first (a racing report's counters are mended then).
  await releaseCatchUp(t.db).idle();
  const row = await t.db.selectFrom('production_batches').where('id', '=', batchId).select(BATCH_COUNTERS).executeTakeFirstOrThrow();
  const stored = Object.fromEntries(BATCH_COUNTERS.map((c) => [c, row[c]]));
  const recounted = await recountBatch(t.db, batchId);
  const reports = await t.db
    .selectFrom('device_reports')
    .where('production_batch_id', '=', batchId)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { stored, recounted: { ...recounted }, reportRows: toCount(reports.n as string | number) };
}

/** Rows in a table, to prove a refused call stored nothing. */
export async function countRows(t: TestApp, table: 'devices' | 'device_reports' | 'report_daily_stats' | 'step_failure_daily' | 'enclosure_daily_stats') {
  const row = await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return toCount(row.n as string | number);
}

/**
 * A project's report_daily_stats (and its slices, summed) next to the same figures recomputed
 * from its reports (first report of a device = lowest id), all as sorted
 * `batch|day|reports,passed,failed,errors,first_tests,first_passes`.
 */
export async function dailyStats(t: TestApp, projectId: number) {
  const stored = await t.db.selectFrom('report_daily_stats').where('project_id', '=', projectId).selectAll().execute();
  const slices = await t.db.selectFrom('report_daily_slices').where('project_id', '=', projectId).selectAll().execute();
  const reports = await t.db
    .selectFrom('device_reports')
    .where('project_id', '=', projectId)
    .select(['id', 'device_id', 'production_batch_id', 'result', 'finished_at'])
    .orderBy('id')
    .execute();
  const seen = new Set<number>();
  const sums = new Map<string, number[]>();
  for (const r of reports) {
    const first = !seen.has(r.device_id);
    seen.add(r.device_id);
    const key = `${r.production_batch_id}|${r.finished_at.slice(0, 10)}`;
    const s = sums.get(key) ?? [0, 0, 0, 0, 0, 0];
    s[0] += 1;
    s[1] += r.result === 'pass' ? 1 : 0;
    s[2] += r.result === 'fail' ? 1 : 0;
    s[3] += r.result === 'error' ? 1 : 0;
    s[4] += first ? 1 : 0;
    s[5] += first && r.result === 'pass' ? 1 : 0;
    sums.set(key, s);
  }
  return {
    stored: stored
      .filter((d) => d.reports !== 0)
      .map((d) => `${d.production_batch_id}|${d.day}|${[d.reports, d.passed, d.failed, d.errors, d.first_tests, d.first_passes].join(',')}`)
      .sort(),
    recounted: [...sums].map(([key, s]) => `${key}|${s.join(',')}`).sort(),
    /** The slices by jig and profile (migration 008) summed back to batch and day: the same figures. */
    sliced: [...slices.reduce((m, d) => {
      const key = `${d.production_batch_id}|${d.day}`;
      const s = m.get(key) ?? [0, 0, 0, 0, 0, 0];
      [d.reports, d.passed, d.failed, d.errors, d.first_tests, d.first_passes].forEach((n, i) => (s[i] += n));
      return m.set(key, s);
    }, new Map<string, number[]>())]
      .filter(([, s]) => s[0] !== 0)
      .map(([key, s]) => `${key}|${s.join(',')}`)
      .sort(),
  };
}

/**
 * Rewrites a project's batch counters and device count from its devices: for tests that insert
 * devices without reports straight into the table (ingestion cannot make a never-tested board).
 */
export async function repairCounters(t: TestApp, projectId: number): Promise<void> {
  const batches = await t.db.selectFrom('production_batches').where('project_id', '=', projectId).select('id').execute();
  for (const { id } of batches) {
    await t.db.updateTable('production_batches').set(await recountBatch(t.db, id)).where('id', '=', id).execute();
  }
  const row = await t.db.selectFrom('devices').where('project_id', '=', projectId).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  await t.db.updateTable('projects').set({ device_count: toCount(row.n as string | number) }).where('id', '=', projectId).execute();
  wroteBehindTheServer(t);
}

/**
 * After a test wrote rows itself, as no writer of the app does: the server's kept device pages
 * (http/page-cache.ts) never heard of it, so they are dropped as a write through the API would.
 */
export function wroteBehindTheServer(t: TestApp): void {
  t.app.pages.everythingChanged();
}

/**
 * Boards tested through the real ingestion route, one report each (`result`, default pass):
 * serial → device id. New serials land in `batchId` (default the production's first batch).
 */
export async function testBoards(
  prod: Production,
  serials: string[],
  options: { result?: 'pass' | 'fail'; batchId?: number } = {},
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const serial of serials) {
    const res = await prod.report({ serial, result: options.result ?? 'pass', production_batch_id: options.batchId ?? prod.batchId });
    if (res.statusCode !== 201) throw new Error(`report ${serial}: ${res.statusCode} ${res.body}`);
    ids[serial] = res.json().data.device_id;
  }
  return ids;
}

/**
 * Points the jig's company setting at a project (null: none), through the API
 * (`PATCH /enclosuresettings/{id}`) as an engineer would: a station scans for that project.
 */
export async function pointJigAtProject(t: TestApp, jigId: number, projectId: number | null) {
  const setting = await t.db.selectFrom('enclosure_settings').select('id').where('enclosure_id', '=', jigId).executeTakeFirstOrThrow();
  const res = await t.call('PATCH', `/v1/enclosuresettings/${setting.id}`, { as: 'root', body: { project_id: projectId } });
  if (res.statusCode !== 200) throw new Error(`jig's project: ${res.statusCode} ${res.body}`);
}
