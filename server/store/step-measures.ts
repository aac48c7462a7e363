import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { countedReport } from './counted-reports';
import { dialectOf } from '../db/dialect';

/**
 * Per-step figures of a scope of a project's counted runs: what capability and run charts are
 * computed from. `stepMeasures` is what every caller uses; `stepMeasuresFromReports` computes the
 * same from the raw report values and is the oracle the aggregates are tested against.
 */

/** Which runs: the project's runs of these profile versions (test_profile_id), narrowed. */
export type MeasureScope = {
  projectId: number;
  profileIds: number[];
  /** Days, YYYY-MM-DD UTC, inclusive. */
  from?: string;
  to?: string;
  batchId?: number;
  jigId?: number;
  /** Only these steps (all when absent). */
  steps?: string[];
};

/**
 * Count, mean and sum of squared deviations of a population of values, and the same summed inside
 * subgroups: within_m2 = Σ over subgroups of their own m2, within_df = Σ (n_g − 1) over subgroups
 * with a value. A subgroup is one day's runs in one batch on one jig under one profile version.
 */
export type Moments = { n: number; mean: number | null; m2: number; within_m2: number; within_df: number };

export type StepMeasure = {
  step_name: string;
  /** Runs that carried the step; of them those where the step failed. */
  runs: number;
  fails: number;
  min: number | null;
  max: number | null;
  /** Every numeric value. */
  all: Moments;
  /** The values of runs whose result was pass. */
  passing: Moments;
};

export type MeasureCoverage = { runs: number; first_day: string | null; last_day: string | null };

type ReportStep = { name?: unknown; value?: unknown; pass?: unknown };

/** Two passes over each population (mean, then squared deviations): the exact figures. */
function momentsOf(groups: Map<string, number[]>): Moments {
  const values = [...groups.values()].flat();
  const n = values.length;
  if (!n) return { n: 0, mean: null, m2: 0, within_m2: 0, within_df: 0 };
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const m2 = values.reduce((s, v) => s + (v - mean) ** 2, 0);
  let within_m2 = 0;
  let within_df = 0;
  for (const g of groups.values()) {
    if (!g.length) continue;
    const gm = g.reduce((s, v) => s + v, 0) / g.length;
    within_m2 += g.reduce((s, v) => s + (v - gm) ** 2, 0);
    within_df += g.length - 1;
  }
  return { n, mean, m2, within_m2, within_df };
}

function scopedReports(db: Kysely<DB>, scope: MeasureScope) {
  let q = db
    .selectFrom('device_reports')
    .where('project_id', '=', scope.projectId)
    .where('test_profile_id', 'in', scope.profileIds.length ? scope.profileIds : [0])
    .where(countedReport());
  if (scope.from) q = q.where('finished_at', '>=', scope.from);
  if (scope.to) q = q.where('finished_at', '<', `${scope.to}T99`);
  if (scope.batchId !== undefined) q = q.where('production_batch_id', '=', scope.batchId);
  if (scope.jigId !== undefined) q = q.where('enclosure_id', '=', scope.jigId);
  return q;
}

/** The oracle: every run of the scope read and its steps' JSON parsed. Tests only: it reads every report. */
export async function stepMeasuresFromReports(db: Kysely<DB>, scope: MeasureScope): Promise<StepMeasure[]> {
  const reports = await scopedReports(db, scope)
    .select(['steps', 'result', 'finished_at', 'production_batch_id', 'enclosure_id', 'test_profile_id'])
    .orderBy('id')
    .execute();
  const wanted = scope.steps ? new Set(scope.steps) : null;
  type Acc = { runs: number; fails: number; min: number | null; max: number | null; all: Map<string, number[]>; passing: Map<string, number[]> };
  const steps = new Map<string, Acc>();
  for (const r of reports) {
    const group = JSON.stringify([r.finished_at.slice(0, 10), r.production_batch_id, r.enclosure_id ?? 0, r.test_profile_id ?? 0]);
    let parsed: unknown;
    try {
      parsed = JSON.parse(r.steps);
    } catch {
      continue;
    }
    if (!Array.isArray(parsed)) continue;
    for (const s of parsed as ReportStep[]) {
      if (!s || typeof s.name !== 'string' || (wanted && !wanted.has(s.name))) continue;
      const acc = steps.get(s.name) ?? { runs: 0, fails: 0, min: null, max: null, all: new Map(), passing: new Map() };
      steps.set(s.name, acc);
      acc.runs += 1;
      if (s.pass === false) acc.fails += 1;
      if (typeof s.value !== 'number' || !Number.isFinite(s.value)) continue;
      const v = s.value;
      acc.min = acc.min === null ? v : Math.min(acc.min, v);
      acc.max = acc.max === null ? v : Math.max(acc.max, v);
      acc.all.set(group, [...(acc.all.get(group) ?? []), v]);
      if (r.result === 'pass') acc.passing.set(group, [...(acc.passing.get(group) ?? []), v]);
    }
  }
  return [...steps.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([step_name, a]) => ({ step_name, runs: a.runs, fails: a.fails, min: a.min, max: a.max, all: momentsOf(a.all), passing: momentsOf(a.passing) }));
}

/** Counted runs of the scope and their first and last day (oracle: from the reports). */
export async function coverageFromReports(db: Kysely<DB>, scope: MeasureScope): Promise<MeasureCoverage> {
  const row = await scopedReports(db, scope)
    .select((eb) => [eb.fn.countAll().as('runs'), eb.fn.min('finished_at').as('first'), eb.fn.max('finished_at').as('last')])
    .executeTakeFirst();
  const first = row?.first ? String(row.first).slice(0, 10) : null;
  const last = row?.last ? String(row.last).slice(0, 10) : null;
  return { runs: Number(row?.runs ?? 0), first_day: first, last_day: last };
}

/** The scope's profile versions as the aggregates key them: by name and version, within the project. */
async function versionsOf(db: Kysely<DB>, scope: MeasureScope) {
  if (scope.profileIds.length === 0) return [];
  return db
    .selectFrom('test_profiles')
    .where('project_id', '=', scope.projectId)
    .where('id', 'in', scope.profileIds)
    .select(['name', 'version'])
    .orderBy('name')
    .orderBy('version')
    .execute();
}

/** The scope as a condition on an aggregate table's rows (day, batch, jig, profile name and version). */
function scopedRows<T extends 'step_measure_daily' | 'report_daily_slices'>(db: Kysely<DB>, table: T, scope: MeasureScope, versions: { name: string; version: string }[]) {
  let q = db
    .selectFrom(table as 'step_measure_daily')
    .where('project_id', '=', scope.projectId)
    // One range of the key per version: a version's all history is contiguous.
    .where((eb) => eb.or(versions.map((v) => eb.and([eb('test_profile', '=', v.name), eb('test_profile_version', '=', v.version)]))));
  if (scope.from) q = q.where('day', '>=', scope.from);
  if (scope.to) q = q.where('day', '<=', scope.to);
  if (scope.batchId !== undefined) q = q.where('production_batch_id', '=', scope.batchId);
  if (scope.jigId !== undefined) q = q.where('enclosure_id', '=', scope.jigId);
  return q;
}

const num = (v: unknown) => Number(v ?? 0);
const orNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

type Figure = number | string | null;

/**
 * Per-step figures of the scope, steps in name order, from the step measures (step_measure_daily):
 * a few rows per step, day, batch and jig, whatever the number of runs. Each row is one subgroup,
 * so the within moments are plain sums (Σ m2ᵢ, Σ (nᵢ − 1) over rows with a value), and so is the
 * grand mean (Σ nᵢ·meanᵢ / N). The overall m2 is the parallel formula for many groups at once,
 * m2 = Σ m2ᵢ + Σ nᵢ (meanᵢ − mean)², which needs the grand mean first: a second pass over the same
 * rows, given each step's mean. No sum of squares of raw values is ever formed. Two grouped scans
 * of the scope's rows are cheaper than one with a window (which sorts them): a whole profile's
 * history on the bench (7,500 rows) took 26 ms of CPU with a window on SQLite, 17 in two scans.
 */
export async function stepMeasures(db: Kysely<DB>, scope: MeasureScope): Promise<StepMeasure[]> {
  const versions = await versionsOf(db, scope);
  if (versions.length === 0 || scope.steps?.length === 0) return [];
  let rows = scopedRows(db, 'step_measure_daily', scope, versions);
  if (scope.steps) rows = rows.where('step_measure_daily.step_name', 'in', scope.steps);
  const sums = await rows
    .select([
      'step_name',
      sql<Figure>`sum(runs)`.as('runs'),
      sql<Figure>`sum(fails)`.as('fails'),
      sql<Figure>`min(min)`.as('min'),
      sql<Figure>`max(max)`.as('max'),
      sql<Figure>`sum(n)`.as('n'),
      sql<Figure>`sum(n * mean)`.as('n_mean'),
      sql<Figure>`sum(m2)`.as('within_m2'),
      sql<Figure>`sum(case when n > 0 then n - 1 else 0 end)`.as('within_df'),
      sql<Figure>`sum(pass_n)`.as('pass_n'),
      sql<Figure>`sum(pass_n * pass_mean)`.as('pass_n_mean'),
      sql<Figure>`sum(pass_m2)`.as('pass_within_m2'),
      sql<Figure>`sum(case when pass_n > 0 then pass_n - 1 else 0 end)`.as('pass_within_df'),
    ])
    .groupBy('step_name')
    .execute();
  const measured = sums.filter((r) => num(r.runs) > 0);
  const meanOf = (n: Figure, sum: Figure) => (num(n) > 0 ? num(sum) / num(n) : null);
  const means = new Map(measured.map((r) => [r.step_name, { all: meanOf(r.n, r.n_mean), passing: meanOf(r.pass_n, r.pass_n_mean) }]));
  // The rows' spread about each step's grand mean: the between part of m2.
  const withValues = measured.filter((r) => num(r.n) > 0);
  const between = new Map<string, { all: number; passing: number }>();
  if (withValues.length) {
    // Each step's grand means as a small table joined on the step: looked up once a row.
    const double = sql.raw(dialectOf(db) === 'postgres' ? 'double precision' : 'real');
    const grand = sql.join(
      withValues.map((r) => {
        const m = means.get(r.step_name)!;
        return sql`select cast(${r.step_name} as text) as step_name, cast(${m.all ?? 0} as ${double}) as gm, cast(${m.passing ?? 0} as ${double}) as pm`;
      }),
      sql` union all `,
    );
    const spread = await rows
      .innerJoin(sql<{ step_name: string; gm: number; pm: number }>`(${grand})`.as('g'), 'g.step_name', 'step_measure_daily.step_name')
      .select([
        'g.step_name',
        sql<Figure>`sum(n * (mean - gm) * (mean - gm))`.as('all'),
        sql<Figure>`sum(pass_n * (pass_mean - pm) * (pass_mean - pm))`.as('passing'),
      ])
      .groupBy('g.step_name')
      .execute();
    for (const r of spread) between.set(r.step_name, { all: num(r.all), passing: num(r.passing) });
  }
  const moments = (n: Figure, mean: number | null, within_m2: Figure, within_df: Figure, spread: number) =>
    num(n) > 0
      ? { n: num(n), mean, m2: num(within_m2) + spread, within_m2: num(within_m2), within_df: num(within_df) }
      : { n: 0, mean: null, m2: 0, within_m2: 0, within_df: 0 };
  return measured
    .map((r) => ({
      step_name: r.step_name,
      runs: num(r.runs),
      fails: num(r.fails),
      min: orNull(r.min),
      max: orNull(r.max),
      all: moments(r.n, means.get(r.step_name)!.all, r.within_m2, r.within_df, between.get(r.step_name)?.all ?? 0),
      passing: moments(r.pass_n, means.get(r.step_name)!.passing, r.pass_within_m2, r.pass_within_df, between.get(r.step_name)?.passing ?? 0),
    }))
    .sort((a, b) => (a.step_name < b.step_name ? -1 : a.step_name > b.step_name ? 1 : 0));
}

/**
 * Counted runs of the scope and their first and last day, from the daily slices
 * (report_daily_slices: every counted run, by batch, day, jig and profile name and version), on
 * their (project, profile, version, day) index. The step measures count a step's runs, not a
 * run's: a run with no step would be missed, and a step named '' could not stand for the run.
 */
export async function measureCoverage(db: Kysely<DB>, scope: MeasureScope): Promise<MeasureCoverage> {
  const versions = await versionsOf(db, scope);
  if (versions.length === 0) return { runs: 0, first_day: null, last_day: null };
  const row = await scopedRows(db, 'report_daily_slices', scope, versions)
    .where('reports' as 'runs', '>', 0)
    .select([sql<number | string | null>`sum(reports)`.as('runs'), sql<string | null>`min(day)`.as('first'), sql<string | null>`max(day)`.as('last')])
    .executeTakeFirst();
  return { runs: num(row?.runs), first_day: row?.first ?? null, last_day: row?.last ?? null };
}
