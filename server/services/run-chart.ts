import type { Kysely } from 'kysely';
import type { RunChart } from '../../contract/run-chart';
import { findViolations, type RunRuleId } from '../../contract/run-rules';
import type { StatisticsScope } from '../../contract/step-statistics';
import type { TestProfile } from '../../contract/test-profiles';
import type { DB } from '../db/schema';
import { stepRunPoints, type RunPoint } from '../store/run-points';
import { stepMeasures, type MeasureScope, type StepMeasure } from '../store/step-measures';
import { listSteps } from '../store/test-profile-parts';

/** The runs a statistics scope names: this version, or every version of the profile's name in its project. */
export async function measureScopeOf(db: Kysely<DB>, profile: Pick<TestProfile, 'id' | 'project_id' | 'name'>, scope: Partial<StatisticsScope>): Promise<MeasureScope> {
  const profileIds =
    scope.versions === 'all'
      ? (await db.selectFrom('test_profiles').select('id').where('project_id', '=', profile.project_id).where('name', '=', profile.name).orderBy('id').execute()).map((r) => r.id)
      : [profile.id];
  return { projectId: profile.project_id, profileIds, from: scope.from, to: scope.to, batchId: scope.batch_id, jigId: scope.jig_id };
}

export type ControlLines = { centre: number | null; sigma: number | null; sigma_from: 'within' | 'overall' | null; measured: number };

/**
 * The centre line and σ of a step's chart: the scope's mean and pooled within-subgroup σ (what
 * Cpk uses: the process's short-term spread, which the rules are built on), or the overall σ
 * when no subgroup holds two values. No spread at all: no σ, and nothing can be judged.
 */
export function controlLines(measure: StepMeasure | undefined): ControlLines {
  const m = measure?.all;
  if (!m || !m.n || m.mean === null) return { centre: null, sigma: null, sigma_from: null, measured: m?.n ?? 0 };
  const within = m.within_df > 0 ? Math.sqrt(m.within_m2 / m.within_df) : 0;
  if (within > 0) return { centre: m.mean, sigma: within, sigma_from: 'within', measured: m.n };
  const overall = m.n > 1 ? Math.sqrt(m.m2 / (m.n - 1)) : 0;
  // A scope whose subgroups each hold one value has no within spread to speak of: the overall one stands in.
  if (m.within_df === 0 && overall > 0) return { centre: m.mean, sigma: overall, sigma_from: 'overall', measured: m.n };
  return { centre: m.mean, sigma: null, sigma_from: null, measured: m.n };
}

/** Each point's broken rules, judged in time order (points oldest first). */
export function rulesOfPoints(points: readonly RunPoint[], lines: ControlLines, rules: readonly RunRuleId[]): RunRuleId[][] {
  const broken: RunRuleId[][] = points.map(() => []);
  if (lines.centre === null || lines.sigma === null) return broken;
  for (const v of findViolations(points.map((p) => p.value), lines.centre, lines.sigma, rules)) broken[v.index].push(v.rule);
  return broken;
}

/** A step's newest `limit` values in the scope, with the scope's centre line and σ and the points that break the profile's rules. */
export async function runChart(db: Kysely<DB>, profile: TestProfile, step: string, limit: number, scope: Partial<StatisticsScope>): Promise<RunChart> {
  const measureScope = await measureScopeOf(db, profile, scope);
  const [points, [measure], configured] = await Promise.all([
    stepRunPoints(db, measureScope, step, limit),
    stepMeasures(db, { ...measureScope, steps: [step] }),
    listSteps(db, profile.id).then((steps) => steps.find((s) => s.name === step)),
  ]);
  const lines = controlLines(measure);
  const rules = profile.run_rules as RunRuleId[];
  const broken = rulesOfPoints(points, lines, rules);
  const latest = points.at(-1);
  return {
    step,
    unit: configured?.unit || latest?.unit || '',
    low: configured ? configured.low : (latest?.low ?? null),
    high: configured ? configured.high : (latest?.high ?? null),
    centre: lines.centre,
    sigma: lines.sigma,
    sigma_from: lines.sigma_from,
    measured: lines.measured,
    rules,
    points: points.map((p, i) => ({ report_id: p.report_id, serial: p.serial, finished_at: p.finished_at, value: p.value, pass: p.pass, rules: broken[i] })),
  };
}
