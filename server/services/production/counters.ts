import { sql, type Kysely } from 'kysely';
import type { DeviceStatus, ReportResult } from '../../../contract/devices';
import type { DB } from '../../db/schema';
import { addSliceCounts, addStepSlices, dimensionsOf, markFailingBoard, moveSlices } from './slices';

/**
 * The one place that knows how devices and reports move the maintained counters (batches,
 * projects) and the daily aggregates statistics read. Ingestion and the superadmin corrections
 * both describe a change as "device before → device after" and let this module do the sums, so
 * the two can never disagree about what a counter means.
 *
 * Everything here runs inside the caller's transaction. Rows are always touched in one order
 * (device → batches by ascending id → project → daily rows in key order → enclosure), so
 * concurrent writers on PostgreSQL queue up rather than deadlock.
 */

/** What of a device the counters depend on. */
export type CountedDevice = {
  project_id: number;
  production_batch_id: number;
  status: string;
  report_count: number;
  /** null until the first report; 1 when it passed, else 0. */
  first_pass: number | null;
};

export const BATCH_COUNTERS = [
  'device_count',
  'untested_count',
  'passed_count',
  'failed_count',
  'released_count',
  'scrapped_count',
  'tested_count',
  'first_pass_count',
  'report_count',
] as const;
export type BatchCounter = (typeof BATCH_COUNTERS)[number];
export type BatchCounts = Record<BatchCounter, number>;

const STATUS_COUNTER: Record<DeviceStatus, BatchCounter> = {
  untested: 'untested_count',
  passed: 'passed_count',
  failed: 'failed_count',
  released: 'released_count',
  scrapped: 'scrapped_count',
};

export const statusCounter = (status: DeviceStatus): BatchCounter => STATUS_COUNTER[status];

const zero = (): BatchCounts =>
  Object.fromEntries(BATCH_COUNTERS.map((c) => [c, 0])) as BatchCounts;

/** What one device adds to its batch's counters. */
export function contribution(device: CountedDevice, sign = 1): BatchCounts {
  const counts = zero();
  counts.device_count = sign;
  counts[STATUS_COUNTER[device.status as DeviceStatus]] = sign;
  counts.tested_count = device.report_count > 0 ? sign : 0;
  counts.first_pass_count = device.first_pass === 1 ? sign : 0;
  counts.report_count = sign * device.report_count;
  return counts;
}

/**
 * The device after one more stored report. Status follows the order reports are stored in (jig
 * clocks drift, so finished_at cannot be trusted to order two jigs); an error says nothing
 * about the board, and a released or scrapped board is out of testing's hands.
 */
export function afterReport<D extends CountedDevice>(device: D, result: ReportResult, finishedAt: string) {
  const settled = device.status === 'released' || device.status === 'scrapped';
  const status = settled || result === 'error' ? device.status : result === 'pass' ? 'passed' : 'failed';
  return {
    ...device,
    status,
    first_pass: device.report_count === 0 ? (result === 'pass' ? 1 : 0) : device.first_pass,
    report_count: device.report_count + 1,
    last_result: result,
    tested_at: finishedAt,
  };
}

export type DeviceChange = {
  /** null when the device is created by this change. */
  before: CountedDevice | null;
  after: CountedDevice;
  /** Set when the device changes batch: its reports' statistics follow it. */
  device_id?: number;
};

/**
 * Applies device changes to the batch and project counters, and moves the daily report
 * statistics of devices that changed batch. `company_id` is the devices' company.
 */
export async function applyDeviceChanges(db: Kysely<DB>, company_id: number, changes: DeviceChange[]) {
  const deltas = new Map<number, BatchCounts>();
  const add = (batchId: number, counts: BatchCounts) => {
    const sum = deltas.get(batchId) ?? zero();
    for (const c of BATCH_COUNTERS) sum[c] += counts[c];
    deltas.set(batchId, sum);
  };
  const created = new Map<number, number>();
  const moves = new Map<string, { project_id: number; from: number; to: number; ids: number[] }>();
  for (const { before, after, device_id } of changes) {
    if (before) add(before.production_batch_id, contribution(before, -1));
    else created.set(after.project_id, (created.get(after.project_id) ?? 0) + 1);
    add(after.production_batch_id, contribution(after));
    if (before && device_id !== undefined && before.production_batch_id !== after.production_batch_id) {
      const key = `${after.project_id}:${before.production_batch_id}:${after.production_batch_id}`;
      const move = moves.get(key) ?? { project_id: after.project_id, from: before.production_batch_id, to: after.production_batch_id, ids: [] };
      move.ids.push(device_id);
      moves.set(key, move);
    }
  }
  for (const [batchId, delta] of [...deltas].sort(([a], [b]) => a - b)) {
    const changed = BATCH_COUNTERS.filter((c) => delta[c] !== 0);
    if (changed.length === 0) continue;
    await db
      .updateTable('production_batches')
      .set(Object.fromEntries(changed.map((c) => [c, sql`${sql.ref(c)} + ${delta[c]}`])))
      .where('id', '=', batchId)
      .execute();
  }
  for (const [projectId, n] of created) {
    await db
      .updateTable('projects')
      .set({ device_count: sql`device_count + ${n}` })
      .where('id', '=', projectId)
      .execute();
  }
  for (const move of moves.values()) await moveReportStatistics(db, company_id, move);
}

type DailyCounts = { reports: number; passed: number; failed: number; errors: number; first_tests: number; first_passes: number };
type DailyKey = { company_id: number; project_id: number; production_batch_id: number; day: string };

/** Adds (or with negative counts, takes away) one batch-day's report statistics. */
async function addDailyStats(db: Kysely<DB>, key: DailyKey, counts: DailyCounts) {
  await db
    .insertInto('report_daily_stats')
    .values({ ...key, ...counts })
    .onConflict((oc) =>
      oc.columns(['project_id', 'production_batch_id', 'day']).doUpdateSet((eb) => ({
        reports: eb('report_daily_stats.reports', '+', eb.ref('excluded.reports')),
        passed: eb('report_daily_stats.passed', '+', eb.ref('excluded.passed')),
        failed: eb('report_daily_stats.failed', '+', eb.ref('excluded.failed')),
        errors: eb('report_daily_stats.errors', '+', eb.ref('excluded.errors')),
        first_tests: eb('report_daily_stats.first_tests', '+', eb.ref('excluded.first_tests')),
        first_passes: eb('report_daily_stats.first_passes', '+', eb.ref('excluded.first_passes')),
      })),
    )
    .execute();
}

/** The UTC day of a stored (normalised, `…Z`) timestamp. */
export const dayOf = (isoUtc: string) => isoUtc.slice(0, 10);

export type StoredReport = {
  company_id: number;
  project_id: number;
  device_id: number;
  production_batch_id: number;
  enclosure_id: number | null;
  test_profile: string | null;
  test_profile_version: string | null;
  result: ReportResult;
  finished_at: string;
  /** Whether this is the device's first stored report, and so decides first-pass. */
  first: boolean;
  failing_steps: string[];
};

/** The daily aggregates one new report adds to: yield per batch-day, failing steps, jig use. */
export async function addReportStatistics(db: Kysely<DB>, report: StoredReport) {
  const day = dayOf(report.finished_at);
  const { company_id, project_id, production_batch_id, result } = report;
  const counts = {
    reports: 1,
    passed: result === 'pass' ? 1 : 0,
    failed: result === 'fail' ? 1 : 0,
    errors: result === 'error' ? 1 : 0,
    first_tests: report.first ? 1 : 0,
    first_passes: report.first && result === 'pass' ? 1 : 0,
  };
  await addDailyStats(db, { company_id, project_id, production_batch_id, day }, counts);
  const slice = { company_id, project_id, production_batch_id, day, ...dimensionsOf(report) };
  await addSliceCounts(db, slice, counts);
  // Each step name once per report (a step repeated in one run is one failing run), in name
  // order so two reports of one project lock these rows in the same order.
  const steps = [...new Set(report.failing_steps)].sort();
  await addStepSlices(db, slice, new Map(steps.map((name) => [name, 1])));
  await markFailingBoard(db, project_id, report.device_id, steps);
  if (steps.length) {
    await db
      .insertInto('step_failure_daily')
      .values(steps.map((step_name) => ({ company_id, project_id, day, step_name, failures: 1 })))
      .onConflict((oc) =>
        oc.columns(['project_id', 'day', 'step_name']).doUpdateSet((eb) => ({
          failures: eb('step_failure_daily.failures', '+', eb.ref('excluded.failures')),
        })),
      )
      .execute();
  }
  if (report.enclosure_id !== null) {
    await db
      .insertInto('enclosure_daily_stats')
      .values({ enclosure_id: report.enclosure_id, company_id, day, reports: 1 })
      .onConflict((oc) =>
        oc.columns(['enclosure_id', 'day']).doUpdateSet((eb) => ({
          reports: eb('enclosure_daily_stats.reports', '+', eb.ref('excluded.reports')),
        })),
      )
      .execute();
  }
}

/**
 * Devices changed batch: their reports now count for the new batch, in the reports themselves
 * and in the per-batch daily statistics (failing steps and jig use are per project, unchanged).
 */
async function moveReportStatistics(
  db: Kysely<DB>,
  company_id: number,
  move: { project_id: number; from: number; to: number; ids: number[] },
) {
  const firsts = db
    .selectFrom('device_reports')
    .where('device_id', 'in', move.ids)
    .groupBy('device_id')
    .select((eb) => ['device_id', eb.fn.min('id').as('first_id')])
    .as('firsts');
  const isFirst = sql`device_reports.id = firsts.first_id`;
  const rows = await db
    .selectFrom('device_reports')
    .innerJoin(firsts, 'firsts.device_id', 'device_reports.device_id')
    .where('device_reports.device_id', 'in', move.ids)
    .select([
      sql<string>`substr(device_reports.finished_at, 1, 10)`.as('day'),
      sql<number>`count(*)`.as('reports'),
      sql<number>`sum(case when result = 'pass' then 1 else 0 end)`.as('passed'),
      sql<number>`sum(case when result = 'fail' then 1 else 0 end)`.as('failed'),
      sql<number>`sum(case when result = 'error' then 1 else 0 end)`.as('errors'),
      sql<number>`sum(case when ${isFirst} then 1 else 0 end)`.as('first_tests'),
      sql<number>`sum(case when ${isFirst} and result = 'pass' then 1 else 0 end)`.as('first_passes'),
    ])
    .groupBy(sql`substr(device_reports.finished_at, 1, 10)`)
    .orderBy('day')
    .execute();
  const key = { company_id, project_id: move.project_id };
  // Source rows before target rows, each in day order: the same order for every writer.
  for (const [batch, sign] of [[move.from, -1], [move.to, 1]] as const) {
    for (const { day, ...counts } of rows) {
      const signed = Object.fromEntries(
        Object.entries(counts).map(([k, v]) => [k, sign * Number(v)]),
      ) as DailyCounts;
      await addDailyStats(db, { ...key, production_batch_id: batch, day }, signed);
    }
  }
  await moveSlices(db, company_id, move);
  await db
    .updateTable('device_reports')
    .set({ production_batch_id: move.to })
    .where('device_id', 'in', move.ids)
    .execute();
}
