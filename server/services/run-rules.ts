import type { Kysely } from 'kysely';
import { RECENT_POINTS, type StepViolations, type ViolationsAnswer } from '../../contract/run-chart';
import type { RunRuleId } from '../../contract/run-rules';
import type { StatisticsScope } from '../../contract/step-statistics';
import type { DB } from '../db/schema';
import { notFound } from '../http/errors';
import { recentRunPoints } from '../store/run-points';
import { stepMeasures } from '../store/step-measures';
import { listSteps } from '../store/test-profile-parts';
import { findProfileWithProject } from '../store/test-profiles';
import { controlLines, measureScopeOf, rulesOfPoints } from './run-chart';

export type RecentViolationsOptions = {
  /** The runs looked at (default: this version, all history). */
  scope?: Partial<StatisticsScope>;
  /** One step only (default: every step). */
  step?: string;
  /** How many of the scope's newest runs to look at (default RECENT_POINTS): each step's points are its values in them. */
  perStep?: number;
  /**
   * Only violations at runs finished at or after this ISO time. Only the newest `perStep` runs are
   * looked at whatever `since` says: a caller that may fall further behind asks for more runs.
   */
  since?: string;
};

/**
 * The run-rule violations of a profile's steps among the scope's newest runs, judged by the
 * profile's rules against each step's centre line and σ over the whole scope (as its run chart
 * is): per step with any, newest first; steps ordered by their most recent violation.
 * What the violations list shows and what the alert evaluator asks ("did a run rule fire since
 * the last look?": pass `since`). A violation is named by (step, report_id, rule): an
 * occurrence's key. It can still come or go between calls, as new runs move the scope's centre
 * and σ, or the first points of its pattern leave the runs looked at. An unknown profile → 404.
 */
export async function recentViolations(db: Kysely<DB>, profileId: number, opts: RecentViolationsOptions = {}): Promise<ViolationsAnswer> {
  const profile = await findProfileWithProject(db, 'test_profiles', profileId);
  if (!profile) throw notFound();
  const runs = opts.perStep ?? RECENT_POINTS;
  const rules = profile.run_rules as RunRuleId[];
  const scope = { ...(await measureScopeOf(db, profile, opts.scope ?? {})), ...(opts.step !== undefined && { steps: [opts.step] }) };
  const [points, measures, configured] = await Promise.all([recentRunPoints(db, scope, runs), stepMeasures(db, scope), listSteps(db, profile.id)]);
  const since = opts.since === undefined ? null : Date.parse(opts.since);
  const byName = new Map(measures.map((m) => [m.step_name, m]));
  const units = new Map(configured.map((s) => [s.name, s.unit]));
  const data: StepViolations[] = [];
  for (const [step, stepPoints] of points) {
    const lines = controlLines(byName.get(step));
    const broken = rulesOfPoints(stepPoints, lines, rules);
    const violations = stepPoints
      .flatMap((p, i) => (since !== null && Date.parse(p.finished_at) < since ? [] : broken[i].map((rule) => ({ step, report_id: p.report_id, serial: p.serial, finished_at: p.finished_at, value: p.value, rule }))))
      // Newest point first; a point's rules stay in rule order.
      .sort((a, b) => b.finished_at.localeCompare(a.finished_at) || b.report_id - a.report_id || a.rule - b.rule);
    if (!violations.length) continue;
    data.push({ step, unit: units.get(step) || stepPoints.at(-1)?.unit || '', centre: lines.centre, sigma: lines.sigma, points: stepPoints.length, violations });
  }
  const newest = (s: StepViolations) => s.violations[0].finished_at;
  data.sort((a, b) => (newest(a) < newest(b) ? 1 : newest(a) > newest(b) ? -1 : a.step < b.step ? -1 : 1));
  return { data, meta: { runs, rules } };
}
