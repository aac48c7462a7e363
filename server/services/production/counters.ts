import { countedReport } from '../../store/counted-reports';
import { sql, type Kysely } from 'kysely';
import type { DeviceStatus, ReportResult } from '../../../contract/devices';
import { amongJson, idsJson, preparedOnce, type Slot } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { addSliceCountsRows, addStepSliceRows, dimensionsOf, markFailingBoards, moveSlices, SLICE_COUNTS, type SliceKey } from './slices';
import { integers, writeNow, type Tally, type Writes } from './tallies';
import { measureRows, rebuildMovedMeasures, STEP_MEASURES_TALLY, type MeasuredRun } from './step-measures';

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
  /** The run that first passed (1, 2, … in stored order); null until one did. */
  pass_attempt: number | null;
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
  'second_pass_count',
  'last_pass_count',
  'report_count',
] as const;
export type BatchCounter = (typeof BATCH_COUNTERS)[number];
export type BatchCounts = Record<BatchCounter, number>;

/** A production batch's counters, added to by id. */
export const BATCH_TALLY: Tally<{ id: number } & BatchCounts> = {
  table: 'production_batches',
  mode: 'update',
  columns: { id: 'integer', ...integers(BATCH_COUNTERS) },
  key: ['id'],
  added: BATCH_COUNTERS,
};

/** A project's device count (its boards made), added to by id. */
export const PROJECT_DEVICES_TALLY: Tally<{ id: number; device_count: number }> = {
  table: 'projects',
  mode: 'update',
  columns: { id: 'integer', device_count: 'integer' },
  key: ['id'],
  added: ['device_count'],
};

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
  const cohort = cohortOf(device);
  counts.second_pass_count = sign * cohort.second_passes;
  counts.last_pass_count = sign * cohort.last_passes;
  counts.report_count = sign * device.report_count;
  return counts;
}

/** What a board counts for among the boards first tested with it (contract/figures.ts). */
export type CohortCounts = { second_passes: number; last_passes: number };

/**
 * Second pass: it passed on its first or second run. Last pass: it was tested and stands passed
 * or released now (its latest verdict is a pass; an error says nothing and leaves the status).
 */
export function cohortOf(device: Pick<CountedDevice, 'status' | 'report_count' | 'pass_attempt'>): CohortCounts {
  return {
    second_passes: device.pass_attempt !== null && device.pass_attempt <= 2 ? 1 : 0,
    last_passes: device.report_count > 0 && (device.status === 'passed' || device.status === 'released') ? 1 : 0,
  };
}

const cohortDelta = (before: CohortCounts, after: CohortCounts): CohortCounts => ({
  second_passes: after.second_passes - before.second_passes,
  last_passes: after.last_passes - before.last_passes,
});

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
    pass_attempt: device.pass_attempt ?? (result === 'pass' ? device.report_count + 1 : null),
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
export async function applyDeviceChanges(db: Kysely<DB>, company_id: number, changes: DeviceChange[], writes: Writes = writeNow) {
  const deltas = new Map<number, BatchCounts>();
  const add = (batchId: number, counts: BatchCounts) => {
    const sum = deltas.get(batchId) ?? zero();
    for (const c of BATCH_COUNTERS) sum[c] += counts[c];
    deltas.set(batchId, sum);
  };
  const created = new Map<number, number>();
  // Tested boards whose verdict a correction changed: the day they were first tested counts it.
  const verdicts = new Map<number, { production_batch_id: number; delta: CohortCounts }>();
  const moves = new Map<string, { project_id: number; from: number; to: number; ids: number[] }>();
  for (const { before, after, device_id } of changes) {
    if (before) add(before.production_batch_id, contribution(before, -1));
    else created.set(after.project_id, (created.get(after.project_id) ?? 0) + 1);
    add(after.production_batch_id, contribution(after));
    if (before && device_id !== undefined && before.report_count > 0) {
      const delta = cohortDelta(cohortOf(before), cohortOf(after));
      if (delta.second_passes || delta.last_passes) verdicts.set(device_id, { production_batch_id: before.production_batch_id, delta });
    }
    if (before && device_id !== undefined && before.production_batch_id !== after.production_batch_id) {
      const key = `${after.project_id}:${before.production_batch_id}:${after.production_batch_id}`;
      const move = moves.get(key) ?? { project_id: after.project_id, from: before.production_batch_id, to: after.production_batch_id, ids: [] };
      move.ids.push(device_id);
      moves.set(key, move);
    }
  }
  await addToBatchCounters(db, deltas, writes);
  const projects = [...created].sort(([a], [b]) => a - b);
  await writes.tally(db, PROJECT_DEVICES_TALLY, projects.map(([id, device_count]) => ({ id, device_count })));
  // Before the moves: they carry the boards' counts as they stand now to the new batch.
  if (verdicts.size) await addToFirstTests(db, verdicts, [], writes);
  for (const move of moves.values()) await moveReportStatistics(db, company_id, move);
}

/**
 * The counters `n` boards of one batch move when each makes the same change within it (a
 * release: passed → released), worked out once rather than per board: a release of 250,000
 * boards spent a second of CPU building and summing a change per board.
 */
export function changeOfMany({ before, after }: { before: CountedDevice; after: CountedDevice }, n: number): BatchCounts {
  if (before.production_batch_id !== after.production_batch_id) throw new Error('changeOfMany: the boards stay in their batch');
  const plus = contribution(after);
  const minus = contribution(before, -1);
  return Object.fromEntries(BATCH_COUNTERS.map((c) => [c, n * (plus[c] + minus[c])])) as BatchCounts;
}

/** Adds counter deltas to production batches, in ascending id (the lock order of every writer). */
export async function addToBatchCounters(db: Kysely<DB>, deltas: Map<number, BatchCounts>, writes: Writes = writeNow) {
  const rows = [...deltas].sort(([a], [b]) => a - b).map(([id, delta]) => ({ id, ...delta }));
  await writes.tally(db, BATCH_TALLY, rows);
}

type FirstReport = SliceKey & { device_id: number };

/** One statement whatever the boards (prepared.ts): ingestion asks it for every group with retests. */
const firstReports = preparedOnce((slot: Slot<'devices'>, db: Kysely<DB>) =>
  db
    .selectFrom('device_reports')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('device_reports')
        .where(amongJson(db, sql.ref('device_reports.device_id'), 'id', 'integer', slot('devices')))
        .where(countedReport())
        .groupBy('device_id')
        .select((e) => e.fn.min<number>('id').as('id')),
    )
    .select(['device_id', 'company_id', 'project_id', 'production_batch_id', 'finished_at', 'enclosure_id', 'test_profile', 'test_profile_version']),
);

/** The slice (batch, day, jig, profile) of each board's first stored report: where it counts as tested. */
async function firstReportsOf(db: Kysely<DB>, deviceIds: number[]): Promise<FirstReport[]> {
  if (deviceIds.length === 0) return [];
  const rows = await firstReports(db, { devices: idsJson(deviceIds) });
  return rows.map((r) => ({
    device_id: r.device_id,
    company_id: r.company_id,
    project_id: r.project_id,
    production_batch_id: r.production_batch_id,
    day: dayOf(r.finished_at),
    ...dimensionsOf(r),
  }));
}

const NO_RUNS = { reports: 0, passed: 0, failed: 0, errors: 0, first_tests: 0, first_passes: 0 };

/**
 * Adds second-pass and last-pass changes to the rows of the boards' first tests (daily stats and
 * slices), summed per row and applied in key order, so concurrent writers lock alike.
 */
async function addToFirstTests(
  db: Kysely<DB>,
  deltas: Map<number, { delta: CohortCounts }>,
  extra: DailyRow[] = [],
  writes: Writes = writeNow,
  /** Boards whose first report is among the caller's, not stored yet: where it lands. */
  known = new Map<number, SliceKey>(),
) {
  const rows: DailyRow[] = [...extra];
  const stored = [...deltas.keys()].filter((id) => !known.has(id)).sort((a, b) => a - b);
  const firsts = [...(await firstReportsOf(db, stored)), ...[...known].filter(([id]) => deltas.has(id)).map(([device_id, key]) => ({ device_id, ...key }))];
  for (const { device_id, ...key } of firsts) rows.push({ key, counts: { ...NO_RUNS, ...deltas.get(device_id)!.delta } });
  await addDailyRows(db, rows, writes);
}

/** A slice's primary key after its project: batch, day, jig, profile, version. */
const sliceKeyParts = (k: SliceKey) => [k.production_batch_id, k.day, k.enclosure_id, k.test_profile, k.test_profile_version];

type DailyRow = { key: SliceKey; counts: DailyCounts };

/** Daily stats and slices, summed per row, in (batch, day, jig, profile, version) order. */
async function addDailyRows(db: Kysely<DB>, rows: DailyRow[], writes: Writes = writeNow) {
  const sliceId = (k: SliceKey) => JSON.stringify(sliceKeyParts(k));
  const slices = new Map<string, DailyRow>();
  for (const row of rows) {
    const id = sliceId(row.key);
    const sum = slices.get(id) ?? { key: row.key, counts: { ...NO_RUNS, second_passes: 0, last_passes: 0 } };
    for (const k of DAILY_KEYS) sum.counts[k] += row.counts[k];
    slices.set(id, sum);
  }
  const ordered = [...slices.entries()].filter(([, r]) => DAILY_KEYS.some((k) => r.counts[k] !== 0)).sort(([a], [b]) => (a < b ? -1 : 1));
  const days = new Map<string, DailyRow>();
  for (const [, row] of ordered) {
    const id = `${row.key.production_batch_id}:${row.key.day}`;
    const sum = days.get(id) ?? { key: row.key, counts: { ...NO_RUNS, second_passes: 0, last_passes: 0 } };
    for (const k of DAILY_KEYS) sum.counts[k] += row.counts[k];
    days.set(id, sum);
  }
  await addDailyStatsRows(
    db,
    writes,
    [...days.values()].map(({ key: { company_id, project_id, production_batch_id, day }, counts }) => ({
      key: { company_id, project_id, production_batch_id, day },
      counts,
    })),
  );
  await addSliceCountsRows(db, ordered.map(([, row]) => row), writes);
}

/** A batch-day counts what its slices count. */
const DAILY_KEYS = SLICE_COUNTS;
type DailyCounts = Record<(typeof DAILY_KEYS)[number], number>;
type DailyKey = { company_id: number; project_id: number; production_batch_id: number; day: string };

/** Adds (or with negative counts, takes away) one batch-day's report statistics. */
const addDailyStats = (db: Kysely<DB>, key: DailyKey, counts: DailyCounts) => addDailyStatsRows(db, writeNow, [{ key, counts }]);

/** A batch-day's report statistics (report_daily_stats), added to on its key. */
export const DAILY_STATS_TALLY: Tally<DailyKey & DailyCounts> = {
  table: 'report_daily_stats',
  mode: 'upsert',
  columns: { company_id: 'integer', project_id: 'integer', production_batch_id: 'integer', day: 'text', ...integers(DAILY_KEYS) },
  key: ['project_id', 'production_batch_id', 'day'],
  added: DAILY_KEYS,
};

/**
 * Adds batch-days' report statistics in one statement: each key once (summed by the caller),
 * in the order given, which is the order the rows are locked in.
 */
const addDailyStatsRows = (db: Kysely<DB>, writes: Writes, rows: { key: DailyKey; counts: DailyCounts }[]) =>
  writes.tally(db, DAILY_STATS_TALLY, rows.map(({ key, counts }) => ({ ...key, ...counts })));

/** A project's failing runs of a step on a day (step_failure_daily). */
export const STEP_DAYS_TALLY: Tally<{ company_id: number; project_id: number; day: string; step_name: string; failures: number }> = {
  table: 'step_failure_daily',
  mode: 'upsert',
  columns: { company_id: 'integer', project_id: 'integer', day: 'text', step_name: 'text', failures: 'integer' },
  key: ['project_id', 'day', 'step_name'],
  added: ['failures'],
};

/** A jig's reports on a day (enclosure_daily_stats). */
export const JIG_DAYS_TALLY: Tally<{ enclosure_id: number; company_id: number; day: string; reports: number }> = {
  table: 'enclosure_daily_stats',
  mode: 'upsert',
  columns: { enclosure_id: 'integer', company_id: 'integer', day: 'text', reports: 'integer' },
  key: ['enclosure_id', 'day'],
  added: ['reports'],
};

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
  /**
   * How the board's second-pass and last-pass counts changed with this report: they count on
   * the row of its first report (this one when `first`).
   */
  cohort: CohortCounts;
  failing_steps: string[];
  /** The run's steps: their values feed the step measures. */
  steps: MeasuredRun['steps'];
};

/** The change one more report makes to a board's second-pass and last-pass counts. */
export const reportCohort = (before: Parameters<typeof cohortOf>[0], after: Parameters<typeof cohortOf>[0]) =>
  cohortDelta(cohortOf(before), cohortOf(after));

/** Sums `add` into the entry of `map` under `key`, made by `make` when missing. */
function sumInto<V>(map: Map<string, V>, key: string, make: () => V, add: (v: V) => void) {
  const value = map.get(key) ?? make();
  add(value);
  map.set(key, value);
}

/**
 * The daily aggregates new reports add to (yield per batch-day, failing steps, jig use), summed
 * per row over all of them so each row is written once, by one multi-row statement per table.
 * `reports` are in stored order; rows are written in key order, so concurrent writers lock alike.
 */
export async function addReportsStatistics(db: Kysely<DB>, reports: StoredReport[], writes: Writes = writeNow) {
  if (reports.length === 0) return;
  const daily: DailyRow[] = [];
  // Retests that change a board's standing count on the day it was first tested.
  const later = new Map<number, { delta: CohortCounts }>();
  const stepSlices = new Map<string, { key: SliceKey; step_name: string; failures: number }>();
  const failingBoards = new Map<string, { project_id: number; step_name: string; device_id: number }>();
  const stepDays = new Map<string, { company_id: number; project_id: number; day: string; step_name: string; failures: number }>();
  const jigDays = new Map<string, { enclosure_id: number; company_id: number; day: string; reports: number }>();
  for (const report of reports) {
    const day = dayOf(report.finished_at);
    const { company_id, project_id, production_batch_id, result, first, cohort } = report;
    const slice = { company_id, project_id, production_batch_id, day, ...dimensionsOf(report) };
    daily.push({
      key: slice,
      counts: {
        reports: 1,
        passed: result === 'pass' ? 1 : 0,
        failed: result === 'fail' ? 1 : 0,
        errors: result === 'error' ? 1 : 0,
        first_tests: first ? 1 : 0,
        first_passes: first && result === 'pass' ? 1 : 0,
        second_passes: first ? cohort.second_passes : 0,
        last_passes: first ? cohort.last_passes : 0,
      },
    });
    if (!first && (cohort.second_passes !== 0 || cohort.last_passes !== 0)) {
      const sum = later.get(report.device_id)?.delta ?? { second_passes: 0, last_passes: 0 };
      later.set(report.device_id, { delta: { second_passes: sum.second_passes + cohort.second_passes, last_passes: sum.last_passes + cohort.last_passes } });
    }
    // Each step name once per report: a step repeated in one run is one failing run.
    for (const step_name of new Set(report.failing_steps)) {
      sumInto(stepSlices, JSON.stringify([...sliceKeyParts(slice), step_name]), () => ({ key: slice, step_name, failures: 0 }), (r) => (r.failures += 1));
      failingBoards.set(JSON.stringify([project_id, step_name, report.device_id]), { project_id, step_name, device_id: report.device_id });
      sumInto(stepDays, JSON.stringify([project_id, day, step_name]), () => ({ company_id, project_id, day, step_name, failures: 0 }), (r) => (r.failures += 1));
    }
    if (report.enclosure_id !== null) {
      const enclosure_id = report.enclosure_id;
      sumInto(jigDays, JSON.stringify([enclosure_id, day]), () => ({ enclosure_id, company_id, day, reports: 0 }), (r) => (r.reports += 1));
    }
  }
  // The first reports among these: with gathered writes they are not stored yet, so not found.
  const firstHere = new Map(reports.flatMap((r, i) => (r.first ? [[r.device_id, daily[i].key] as const] : [])));
  if (later.size) await addToFirstTests(db, later, daily, writes, firstHere);
  else await addDailyRows(db, daily, writes);
  const inKeyOrder = <V>(map: Map<string, V>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);
  await addStepSliceRows(db, inKeyOrder(stepSlices), writes);
  await markFailingBoards(db, inKeyOrder(failingBoards), writes);
  await writes.tally(db, STEP_DAYS_TALLY, inKeyOrder(stepDays));
  await writes.tally(db, JIG_DAYS_TALLY, inKeyOrder(jigDays));
  await writes.tally(db, STEP_MEASURES_TALLY, measureRows(reports));
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
    .where(countedReport())
    .groupBy('device_id')
    .select((eb) => ['device_id', eb.fn.min('id').as('first_id')])
    .as('firsts');
  const isFirst = sql`device_reports.id = firsts.first_id`;
  const rows = await db
    .selectFrom('device_reports')
    .innerJoin(firsts, 'firsts.device_id', 'device_reports.device_id')
    .innerJoin('devices', 'devices.id', 'device_reports.device_id')
    .where('device_reports.device_id', 'in', move.ids)
    .where(countedReport())
    .select([
      sql<string>`substr(device_reports.finished_at, 1, 10)`.as('day'),
      sql<number>`count(*)`.as('reports'),
      sql<number>`sum(case when device_reports.result = 'pass' then 1 else 0 end)`.as('passed'),
      sql<number>`sum(case when device_reports.result = 'fail' then 1 else 0 end)`.as('failed'),
      sql<number>`sum(case when device_reports.result = 'error' then 1 else 0 end)`.as('errors'),
      sql<number>`sum(case when ${isFirst} then 1 else 0 end)`.as('first_tests'),
      sql<number>`sum(case when ${isFirst} and device_reports.result = 'pass' then 1 else 0 end)`.as('first_passes'),
      // The boards as they stand now (after this change): what they count for in the new batch.
      sql<number>`sum(case when ${isFirst} and devices.pass_attempt <= 2 then 1 else 0 end)`.as('second_passes'),
      sql<number>`sum(case when ${isFirst} and devices.status in ('passed', 'released') then 1 else 0 end)`.as('last_passes'),
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
  // After the reports moved: the two batches' step measures are derived from them again.
  await rebuildMovedMeasures(db, move);
}
