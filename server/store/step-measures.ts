import type { Kysely } from 'kysely';
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

/**
 * Per-step figures of the scope, steps in name order. For now computed from the reports; the
 * per-step daily aggregates replace this body with a read of a few rows per step and day.
 */
export const stepMeasures = stepMeasuresFromReports;
export const measureCoverage = coverageFromReports;
