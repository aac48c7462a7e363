import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { countedReport } from './counted-reports';

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

/**
 * Per-step figures of the scope, steps in name order, from the step measures (step_measure_daily):
 * a few rows per step, day, batch and jig, whatever the number of runs. Each row is one subgroup,
 * so the within moments are the rows' own m2 summed, with n − 1 degrees of freedom a row. The
 * overall moments merge the rows in SQL in two passes (the grand mean first, a window over the
 * step's rows; then m2 = Σ m2ᵢ + Σ nᵢ (meanᵢ − mean)², the parallel formula for many groups at
 * once), so no sum of squares of raw values is ever formed.
 */
export async function stepMeasures(db: Kysely<DB>, scope: MeasureScope): Promise<StepMeasure[]> {
  const versions = await versionsOf(db, scope);
  if (versions.length === 0 || scope.steps?.length === 0) return [];
  let rows = scopedRows(db, 'step_measure_daily', scope, versions);
  if (scope.steps) rows = rows.where('step_name', 'in', scope.steps);
  // The step's grand means first, a window over its rows; then each row's part of m2.
  const over = sql.raw('over (partition by step_name)');
  const withMeans = rows
    .select(['step_name', 'runs', 'fails', 'n', 'mean', 'm2', 'min', 'max', 'pass_n', 'pass_mean', 'pass_m2'])
    .select([
      sql<number>`sum(n * mean) ${over} / nullif(sum(n) ${over}, 0)`.as('gm'),
      sql<number>`sum(pass_n * pass_mean) ${over} / nullif(sum(pass_n) ${over}, 0)`.as('pm'),
    ])
    .as('r');
  type Figure = number | string | null;
  const result = await db
    .selectFrom(withMeans)
    .select([
      'step_name',
      sql<Figure>`sum(runs)`.as('runs'),
      sql<Figure>`sum(fails)`.as('fails'),
      sql<Figure>`min(min)`.as('min'),
      sql<Figure>`max(max)`.as('max'),
      sql<Figure>`sum(n)`.as('n'),
      sql<Figure>`max(gm)`.as('mean'),
      sql<Figure>`sum(case when n > 0 then m2 + n * (mean - gm) * (mean - gm) else 0 end)`.as('m2'),
      sql<Figure>`sum(case when n > 0 then m2 else 0 end)`.as('within_m2'),
      sql<Figure>`sum(case when n > 0 then n - 1 else 0 end)`.as('within_df'),
      sql<Figure>`sum(pass_n)`.as('pass_n'),
      sql<Figure>`max(pm)`.as('pass_mean'),
      sql<Figure>`sum(case when pass_n > 0 then pass_m2 + pass_n * (pass_mean - pm) * (pass_mean - pm) else 0 end)`.as('pass_m2'),
      sql<Figure>`sum(case when pass_n > 0 then pass_m2 else 0 end)`.as('pass_within_m2'),
      sql<Figure>`sum(case when pass_n > 0 then pass_n - 1 else 0 end)`.as('pass_within_df'),
    ])
    .groupBy('step_name')
    .execute();
  const moments = (n: unknown, mean: unknown, m2: unknown, within_m2: unknown, within_df: unknown) =>
    num(n) > 0
      ? { n: num(n), mean: orNull(mean), m2: num(m2), within_m2: num(within_m2), within_df: num(within_df) }
      : { n: 0, mean: null, m2: 0, within_m2: 0, within_df: 0 };
  return result
    .filter((r) => num(r.runs) > 0)
    .map((r) => ({
      step_name: r.step_name,
      runs: num(r.runs),
      fails: num(r.fails),
      min: orNull(r.min),
      max: orNull(r.max),
      all: moments(r.n, r.mean, r.m2, r.within_m2, r.within_df),
      passing: moments(r.pass_n, r.pass_mean, r.pass_m2, r.pass_within_m2, r.pass_within_df),
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
