import { countedReport } from '../../store/counted-reports';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { integers, writeNow, type Tally, type Writes } from './tallies';

/**
 * The daily statistics split by jig and test profile (migration 008): the same counts as
 * report_daily_stats and step_failure_daily, with the step failures per batch too. They move
 * with every report stored and every board that changes batch, in the caller's transaction, so
 * a filtered chart sums to the unfiltered one. Rows are touched in primary-key order (batch,
 * day, jig, profile, version, step), after report_daily_stats and before the jig's own row.
 */

export type SliceCounts = {
  reports: number;
  passed: number;
  failed: number;
  errors: number;
  first_tests: number;
  first_passes: number;
  /** Of the boards first tested here: passed by their second run; standing passed now (migration 014). */
  second_passes: number;
  last_passes: number;
};

/** Where a report's figures land: its batch and day, its jig (0: none) and profile ('': none). */
export type SliceKey = {
  company_id: number;
  project_id: number;
  production_batch_id: number;
  day: string;
  enclosure_id: number;
  test_profile: string;
  test_profile_version: string;
};

type ReportDimensions = { enclosure_id: number | null; test_profile: string | null; test_profile_version: string | null };

/** A report's jig and profile as slice key parts: no NULLs in a key. */
export const dimensionsOf = (r: ReportDimensions) => ({
  enclosure_id: r.enclosure_id ?? 0,
  test_profile: r.test_profile ?? '',
  test_profile_version: r.test_profile_version ?? '',
});

const PK = ['project_id', 'production_batch_id', 'day', 'enclosure_id', 'test_profile', 'test_profile_version'] as const;
const SLICE_KEY_COLUMNS = {
  company_id: 'integer',
  project_id: 'integer',
  production_batch_id: 'integer',
  day: 'text',
  enclosure_id: 'integer',
  test_profile: 'text',
  test_profile_version: 'text',
} as const;
export const SLICE_COUNTS = ['reports', 'passed', 'failed', 'errors', 'first_tests', 'first_passes', 'second_passes', 'last_passes'] as const;

/** A slice's report counts (report_daily_slices). */
export const SLICES_TALLY: Tally<SliceKey & SliceCounts> = {
  table: 'report_daily_slices',
  mode: 'upsert',
  columns: { ...SLICE_KEY_COLUMNS, ...integers(SLICE_COUNTS) },
  key: PK,
  added: SLICE_COUNTS,
};

/** A slice's failing runs of a step (step_failure_daily_slices). */
export const STEP_SLICES_TALLY: Tally<SliceKey & { step_name: string; failures: number }> = {
  table: 'step_failure_daily_slices',
  mode: 'upsert',
  columns: { ...SLICE_KEY_COLUMNS, step_name: 'text', failures: 'integer' },
  key: [...PK, 'step_name'],
  added: ['failures'],
};

/** Which boards failed which steps, once per board and step whatever the retests (device_step_failures). */
export const FAILING_BOARDS_TALLY: Tally<{ project_id: number; step_name: string; device_id: number }> = {
  table: 'device_step_failures',
  mode: 'once',
  columns: { project_id: 'integer', step_name: 'text', device_id: 'integer' },
  key: ['project_id', 'step_name', 'device_id'],
  added: [],
};

/** Adds (or with negative counts, takes away) one slice's report counts. */
export const addSliceCounts = (db: Kysely<DB>, key: SliceKey, counts: SliceCounts) => addSliceCountsRows(db, [{ key, counts }], writeNow);

/** Adds slices' report counts in one statement: each key once, locked in the order given. */
export const addSliceCountsRows = (db: Kysely<DB>, rows: { key: SliceKey; counts: SliceCounts }[], writes: Writes) =>
  writes.tally(db, SLICES_TALLY, rows.map(({ key, counts }) => ({ ...key, ...counts })));

/** Adds `failures` (negative: takes away) to each step of one slice; steps in name order. */
export async function addStepSlices(db: Kysely<DB>, key: SliceKey, steps: Map<string, number>) {
  const names = [...steps.keys()].sort();
  await addStepSliceRows(db, names.map((step_name) => ({ key, step_name, failures: steps.get(step_name)! })), writeNow);
}

/** Adds step failures to slices in one statement: each (slice, step) once, locked in the order given. */
export const addStepSliceRows = (db: Kysely<DB>, rows: { key: SliceKey; step_name: string; failures: number }[], writes: Writes) =>
  writes.tally(db, STEP_SLICES_TALLY, rows.map(({ key, step_name, failures }) => ({ ...key, step_name, failures })));

/** Notes which boards failed which steps (once per board and step, whatever the retests). */
export const markFailingBoards = (db: Kysely<DB>, rows: { project_id: number; step_name: string; device_id: number }[], writes: Writes) =>
  writes.tally(db, FAILING_BOARDS_TALLY, rows);

/** The failing step names of a stored steps JSON, each once (a step failing twice in a run is one failing run). */
export function failingStepNames(stepsJson: string | null): string[] {
  if (!stepsJson) return [];
  let steps: unknown;
  try {
    steps = JSON.parse(stepsJson);
  } catch {
    return [];
  }
  if (!Array.isArray(steps)) return [];
  const names = new Set<string>();
  for (const s of steps as Array<{ name?: unknown; pass?: unknown }>) {
    if (s && s.pass === false && typeof s.name === 'string') names.add(s.name);
  }
  return [...names];
}

const sliceId = (k: Omit<SliceKey, 'company_id' | 'project_id' | 'production_batch_id'>) =>
  JSON.stringify([k.day, k.enclosure_id, k.test_profile, k.test_profile_version]);

/**
 * Boards moved from one batch to another: their reports' slices (and step slices) leave the
 * source batch and join the target, the first report of each board still counting as its first
 * test. The reports are read by board, before their own batch is updated.
 */
export async function moveSlices(
  db: Kysely<DB>,
  company_id: number,
  move: { project_id: number; from: number; to: number; ids: number[] },
) {
  const reports = await db
    .selectFrom('device_reports')
    .where('device_id', 'in', move.ids)
    .where(countedReport())
    .select(['id', 'device_id', 'result', 'finished_at', 'enclosure_id', 'test_profile', 'test_profile_version', 'failed_step_count', 'steps'])
    .orderBy('id')
    .execute();
  // The boards as they stand after the change: what their first tests count for in the new batch.
  const standing = new Map(
    (await db.selectFrom('devices').where('id', 'in', move.ids).select(['id', 'status', 'pass_attempt']).execute()).map((d) => [d.id, d]),
  );
  const seen = new Set<number>();
  const slices = new Map<string, { key: Omit<SliceKey, 'company_id' | 'project_id' | 'production_batch_id'>; counts: SliceCounts; steps: Map<string, number> }>();
  for (const r of reports) {
    const first = !seen.has(r.device_id);
    seen.add(r.device_id);
    const key = { day: r.finished_at.slice(0, 10), ...dimensionsOf(r) };
    const id = sliceId(key);
    const slice = slices.get(id) ?? { key, counts: { reports: 0, passed: 0, failed: 0, errors: 0, first_tests: 0, first_passes: 0, second_passes: 0, last_passes: 0 }, steps: new Map() };
    slice.counts.reports += 1;
    slice.counts.passed += r.result === 'pass' ? 1 : 0;
    slice.counts.failed += r.result === 'fail' ? 1 : 0;
    slice.counts.errors += r.result === 'error' ? 1 : 0;
    slice.counts.first_tests += first ? 1 : 0;
    slice.counts.first_passes += first && r.result === 'pass' ? 1 : 0;
    const board = standing.get(r.device_id);
    if (first && board) {
      slice.counts.second_passes += board.pass_attempt !== null && board.pass_attempt <= 2 ? 1 : 0;
      slice.counts.last_passes += board.status === 'passed' || board.status === 'released' ? 1 : 0;
    }
    if (r.failed_step_count > 0) {
      for (const name of failingStepNames(r.steps)) slice.steps.set(name, (slice.steps.get(name) ?? 0) + 1);
    }
    slices.set(id, slice);
  }
  const ordered = [...slices.values()].sort((a, b) => (sliceId(a.key) < sliceId(b.key) ? -1 : 1));
  const batches = [[move.from, -1], [move.to, 1]].sort(([a], [b]) => a - b);
  for (const [batch, sign] of batches) {
    for (const { key, counts, steps } of ordered) {
      const full = { company_id, project_id: move.project_id, production_batch_id: batch, ...key };
      const signed = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, sign * v])) as SliceCounts;
      await addSliceCounts(db, full, signed);
      await addStepSlices(db, full, new Map([...steps].map(([name, n]) => [name, sign * n])));
    }
  }
}
