import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../../db/dialect';
import { jsonRecordset, recordsJson } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { countedReport } from '../../store/counted-reports';
import { dimensionsOf } from './slices';
import { writeNow, type Tally } from './tallies';

/**
 * The per-step measurement aggregates (step_measure_daily, migration 027): what counted runs add
 * at ingestion, what a batch move rebuilds, and the SQL that derives them from stored reports
 * (recompute). A row is one step's values on one day in one batch on one jig under one profile
 * version: count, mean and m2 of every numeric value and of the passing runs' values, min, max,
 * runs and failing runs; two rows combine by Chan's formula (the migration says why).
 */

export type MeasureKey = {
  project_id: number;
  test_profile: string;
  test_profile_version: string;
  step_name: string;
  day: string;
  production_batch_id: number;
  enclosure_id: number;
};

export type MeasureRow = MeasureKey & {
  company_id: number;
  runs: number;
  fails: number;
  n: number;
  mean: number;
  m2: number;
  min: number | null;
  max: number | null;
  pass_n: number;
  pass_mean: number;
  pass_m2: number;
};

const KEY = ['project_id', 'test_profile', 'test_profile_version', 'step_name', 'day', 'production_batch_id', 'enclosure_id'] as const;
const COLUMNS = {
  company_id: 'integer',
  project_id: 'integer',
  test_profile: 'text',
  test_profile_version: 'text',
  step_name: 'text',
  day: 'text',
  production_batch_id: 'integer',
  enclosure_id: 'integer',
  runs: 'integer',
  fails: 'integer',
  n: 'integer',
  mean: 'real',
  m2: 'real',
  min: 'real',
  max: 'real',
  pass_n: 'integer',
  pass_mean: 'real',
  pass_m2: 'real',
} as const;

/** Count, mean and m2 of a population. */
type Moments = { n: number; mean: number; m2: number };

/** Chan's parallel merge of two populations' moments (n may be 0 on either side). */
export function mergeMoments(a: Moments, b: Moments): Moments {
  const n = a.n + b.n;
  if (n === 0) return { n: 0, mean: 0, m2: 0 };
  const delta = b.mean - a.mean;
  return { n, mean: a.mean + (delta * b.n) / n, m2: a.m2 + b.m2 + (delta * delta * a.n * b.n) / n };
}

/** Two passes (mean, then squared deviations): exact for one group's values. */
function momentsOf(values: number[]): Moments {
  const n = values.length;
  if (!n) return { n: 0, mean: 0, m2: 0 };
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  let m2 = 0;
  for (const v of values) m2 += (v - mean) * (v - mean);
  return { n, mean, m2 };
}

const bound = (pick: (a: number, b: number) => number, a: number | null, b: number | null) => (a === null ? b : b === null ? a : pick(a, b));

/** Two rows of one key as one. */
export function combineRows(into: MeasureRow, row: MeasureRow): MeasureRow {
  const all = mergeMoments(into, row);
  const passing = mergeMoments({ n: into.pass_n, mean: into.pass_mean, m2: into.pass_m2 }, { n: row.pass_n, mean: row.pass_mean, m2: row.pass_m2 });
  return {
    ...into,
    runs: into.runs + row.runs,
    fails: into.fails + row.fails,
    ...all,
    min: bound(Math.min, into.min, row.min),
    max: bound(Math.max, into.max, row.max),
    pass_n: passing.n,
    pass_mean: passing.mean,
    pass_m2: passing.m2,
  };
}

/** The SQL of Chan's merge of the stored row's moments (`s`) with the incoming row's (`e`). */
function chanSql(db: Kysely<DB>, s: (c: keyof MeasureRow) => RawBuilder<unknown>, e: (c: keyof MeasureRow) => RawBuilder<unknown>, n: 'n' | 'pass_n', mean: 'mean' | 'pass_mean', m2: 'm2' | 'pass_m2') {
  // SQLite would divide integers as integers, and a mean may arrive as a JSON integer.
  const total = sql`cast(${s(n)} + ${e(n)} as ${sql.raw(dialectOf(db) === 'postgres' ? 'double precision' : 'real')})`;
  const delta = sql`(${e(mean)} - ${s(mean)})`;
  return {
    [mean]: sql`case when ${s(n)} + ${e(n)} = 0 then 0 else ${s(mean)} + ${delta} * ${e(n)} / ${total} end`,
    [m2]: sql`${s(m2)} + ${e(m2)} + case when ${s(n)} + ${e(n)} = 0 then 0 else ${delta} * ${delta} * ${s(n)} * ${e(n)} / ${total} end`,
  };
}

/** A step's measures on a day, batch, jig and profile version (step_measure_daily), merged on its key. */
export const STEP_MEASURES_TALLY: Tally<MeasureRow> = {
  table: 'step_measure_daily',
  mode: 'upsert',
  columns: COLUMNS,
  key: KEY,
  // n and pass_n are added too, after the means and m2s that read them as stored (every SET
  // expression reads the row as it was).
  added: ['runs', 'fails', 'n', 'pass_n'],
  merged: {
    set: (s, e, db) => {
      const pg = dialectOf(db) === 'postgres';
      // PostgreSQL's least and greatest pass over NULLs; SQLite's two-argument min and max answer NULL.
      const least = pg ? sql`least(${s('min')}, ${e('min')})` : sql`min(coalesce(${s('min')}, ${e('min')}), coalesce(${e('min')}, ${s('min')}))`;
      const greatest = pg ? sql`greatest(${s('max')}, ${e('max')})` : sql`max(coalesce(${s('max')}, ${e('max')}), coalesce(${e('max')}, ${s('max')}))`;
      return {
        ...chanSql(db, s, e, 'n', 'mean', 'm2'),
        ...chanSql(db, s, e, 'pass_n', 'pass_mean', 'pass_m2'),
        min: least,
        max: greatest,
      };
    },
    combine: combineRows,
  },
};

/** What of a counted run the measures read. */
export type MeasuredRun = {
  company_id: number;
  project_id: number;
  production_batch_id: number;
  enclosure_id: number | null;
  test_profile: string | null;
  test_profile_version: string | null;
  result: string;
  finished_at: string;
  steps: readonly { name?: unknown; value?: unknown; pass?: unknown }[];
};

/** The key as one string: rows are written, and so locked, in this order by every writer. */
const keyOf = (k: MeasureKey) => JSON.stringify(KEY.map((c) => k[c]));

/**
 * The rows counted runs add, one per key, in key order. Every occurrence of a step counts as a
 * run of it (a step repeated in a run is measured twice); a value counts when it is a finite number.
 */
export function measureRows(runs: readonly MeasuredRun[]): MeasureRow[] {
  type Acc = { key: MeasureKey; company_id: number; runs: number; fails: number; all: number[]; passing: number[] };
  const groups = new Map<string, Acc>();
  for (const run of runs) {
    const { enclosure_id, test_profile, test_profile_version } = dimensionsOf(run);
    const base = { project_id: run.project_id, test_profile, test_profile_version, day: run.finished_at.slice(0, 10), production_batch_id: run.production_batch_id, enclosure_id };
    for (const step of run.steps) {
      if (!step || typeof step.name !== 'string') continue;
      const key = { ...base, step_name: step.name };
      const id = keyOf(key);
      let acc = groups.get(id);
      if (!acc) groups.set(id, (acc = { key, company_id: run.company_id, runs: 0, fails: 0, all: [], passing: [] }));
      acc.runs += 1;
      if (step.pass === false) acc.fails += 1;
      if (typeof step.value !== 'number' || !Number.isFinite(step.value)) continue;
      acc.all.push(step.value);
      if (run.result === 'pass') acc.passing.push(step.value);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, a]) => {
      const all = momentsOf(a.all);
      const passing = momentsOf(a.passing);
      let min: number | null = null;
      let max: number | null = null;
      for (const v of a.all) {
        min = min === null || v < min ? v : min;
        max = max === null || v > max ? v : max;
      }
      return { ...a.key, company_id: a.company_id, runs: a.runs, fails: a.fails, ...all, min, max, pass_n: passing.n, pass_mean: passing.mean, pass_m2: passing.m2 };
    });
}

/** The steps of a stored report's JSON (none when it is not an array). */
export function parsedSteps(stepsJson: string | null): MeasuredRun['steps'] {
  if (!stepsJson) return [];
  try {
    const steps: unknown = JSON.parse(stepsJson);
    return Array.isArray(steps) ? (steps as MeasuredRun['steps']) : [];
  } catch {
    return [];
  }
}

/**
 * Boards moved from one batch to another (after their reports were moved): the rows of both
 * batches on the days, jigs and profile versions of the boards' reports are derived again from
 * the reports, and stored as they come out (a row left with no run stays, at zero, as the daily
 * slices do). Rebuilt rather than taken away: a minimum or maximum cannot be taken back out of a
 * row, and subtracting moments cancels digits that a rebuild keeps. A move is a correction by
 * hand; the reports read are those of the two batches on those jigs and days.
 */
export async function rebuildMovedMeasures(db: Kysely<DB>, move: { project_id: number; from: number; to: number; ids: number[] }) {
  if (move.ids.length === 0) return;
  const moved = await db
    .selectFrom('device_reports')
    .where('device_id', 'in', move.ids)
    .where(countedReport())
    .select(['enclosure_id', 'finished_at', 'test_profile', 'test_profile_version'])
    .execute();
  if (moved.length === 0) return;
  const sliceOf = (r: { enclosure_id: number | null; finished_at: string; test_profile: string | null; test_profile_version: string | null }) => {
    const d = dimensionsOf(r);
    return JSON.stringify([r.finished_at.slice(0, 10), d.enclosure_id, d.test_profile, d.test_profile_version]);
  };
  const slices = new Set(moved.map(sliceOf));
  // Per jig, the days its moved reports span, read on the (enclosure_id, finished_at) index.
  const spans = new Map<number | null, { first: string; last: string }>();
  for (const r of moved) {
    const day = r.finished_at.slice(0, 10);
    const span = spans.get(r.enclosure_id);
    if (!span) spans.set(r.enclosure_id, { first: day, last: day });
    else spans.set(r.enclosure_id, { first: day < span.first ? day : span.first, last: day > span.last ? day : span.last });
  }
  const runs: MeasuredRun[] = [];
  for (const [jig, span] of [...spans].sort(([a], [b]) => (a ?? 0) - (b ?? 0))) {
    const rows = await db
      .selectFrom('device_reports')
      .where((eb) => (jig === null ? eb('enclosure_id', 'is', null) : eb('enclosure_id', '=', jig)))
      .where('finished_at', '>=', span.first)
      .where('finished_at', '<', `${span.last}T99`)
      .where('project_id', '=', move.project_id)
      .where('production_batch_id', 'in', [move.from, move.to])
      .where(countedReport())
      .select(['company_id', 'project_id', 'production_batch_id', 'enclosure_id', 'test_profile', 'test_profile_version', 'result', 'finished_at', 'steps'])
      .execute();
    for (const r of rows) if (slices.has(sliceOf(r))) runs.push({ ...r, steps: parsedSteps(r.steps) });
  }
  const fresh = new Map(measureRows(runs).map((row) => [keyOf(row), row]));
  // The rows stored now for those slices in both batches: each is replaced, or emptied.
  const stored = await db
    .selectFrom('step_measure_daily')
    .where('production_batch_id', 'in', [move.from, move.to])
    .where('day', '>=', [...spans.values()].reduce((a, s) => (s.first < a ? s.first : a), '9999'))
    .where('day', '<=', [...spans.values()].reduce((a, s) => (s.last > a ? s.last : a), ''))
    .where('project_id', '=', move.project_id)
    .selectAll()
    .execute();
  for (const row of stored) {
    const id = keyOf(row);
    if (fresh.has(id) || !slices.has(JSON.stringify([row.day, row.enclosure_id, row.test_profile, row.test_profile_version]))) continue;
    fresh.set(id, { ...row, runs: 0, fails: 0, n: 0, mean: 0, m2: 0, min: null, max: null, pass_n: 0, pass_mean: 0, pass_m2: 0 });
  }
  const rows = [...fresh.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
  await setMeasureRows(db, rows);
}

/**
 * Held runs just released (`ids`: those that were held, now counted): their measures are merged
 * into the rows, as ingestion would have merged them had they counted when they came.
 */
export async function addReleasedMeasures(db: Kysely<DB>, projectId: number, ids: number[]) {
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom('device_reports')
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .where(countedReport())
    .select(['company_id', 'project_id', 'production_batch_id', 'enclosure_id', 'test_profile', 'test_profile_version', 'result', 'finished_at', 'steps'])
    .orderBy('id')
    .execute();
  await writeNow.tally(db, STEP_MEASURES_TALLY, measureRows(rows.map((r) => ({ ...r, steps: parsedSteps(r.steps) }))));
}

/** Stores these rows as they are (not merged), in the order given: what a rebuild leaves. */
async function setMeasureRows(db: Kysely<DB>, rows: MeasureRow[]) {
  if (rows.length === 0) return;
  const columns = Object.keys(COLUMNS);
  const set = columns.filter((c) => !(KEY as readonly string[]).includes(c)).map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`);
  await sql`
    insert into step_measure_daily (${sql.join(columns.map((c) => sql.ref(c)))})
    select ${sql.join(columns.map((c) => sql.ref(`v.${c}`)))} from ${jsonRecordset(db, COLUMNS, sql`${recordsJson(COLUMNS, rows)}`)} where true
    on conflict (${sql.join(KEY.map((c) => sql.ref(c)))}) do update set ${sql.join(set)}`.execute(db);
}

/**
 * The rows derived from the stored counted reports `where` picks (a condition on `r`), in SQL:
 * each group's mean first (a window), then the squared deviations from it (recompute).
 */
export function measuresFromReportsSql(db: Kysely<DB>, where: RawBuilder<unknown>) {
  const values =
    dialectOf(db) === 'postgres'
      ? sql`
      select r.company_id, r.project_id, coalesce(r.test_profile, '') as test_profile,
        coalesce(r.test_profile_version, '') as test_profile_version, s.value ->> 'name' as step_name,
        substr(r.finished_at, 1, 10) as day, r.production_batch_id, coalesce(r.enclosure_id, 0) as enclosure_id, r.result,
        case when (s.value ->> 'pass') = 'false' then 1 else 0 end as failed,
        case when jsonb_typeof(s.value -> 'value') = 'number' then (s.value ->> 'value')::double precision end as v
      from device_reports r cross join lateral jsonb_array_elements(r.steps::jsonb) s(value)
      where ${countedReport('r')} and ${where} and jsonb_typeof(s.value -> 'name') = 'string'`
      : sql`
      select r.company_id, r.project_id, coalesce(r.test_profile, '') as test_profile,
        coalesce(r.test_profile_version, '') as test_profile_version, json_extract(s.value, '$.name') as step_name,
        substr(r.finished_at, 1, 10) as day, r.production_batch_id, coalesce(r.enclosure_id, 0) as enclosure_id, r.result,
        case when json_type(s.value, '$.pass') = 'false' then 1 else 0 end as failed,
        case when json_type(s.value, '$.value') in ('integer', 'real') then json_extract(s.value, '$.value') end as v
      from device_reports r, json_each(r.steps) s
      where ${countedReport('r')} and ${where} and json_type(s.value, '$.name') = 'text'`;
  const key = sql.raw(KEY.join(', '));
  return sql`
    insert into step_measure_daily
      (${key}, company_id, runs, fails, n, mean, m2, min, max, pass_n, pass_mean, pass_m2)
    select ${key}, max(company_id), count(*), sum(failed),
      count(v), coalesce(avg(v), 0), coalesce(sum((v - gm) * (v - gm)), 0), min(v), max(v),
      count(pv), coalesce(avg(pv), 0), coalesce(sum((pv - pm) * (pv - pm)), 0)
    from (
      select w.*, avg(v) over k as gm, avg(pv) over k as pm
      from (select x.*, case when result = 'pass' then v end as pv from (${values}) x) w
      window k as (partition by ${key})
    ) g
    group by ${key}`;
}
