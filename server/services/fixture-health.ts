import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ratio } from '../../contract/figures';
import type { FixtureDimension, FixtureGroup, FixtureHealth, FixtureHealthQuery, FixtureStep, FixtureTrendPoint } from '../../contract/fixture-health';
import { capabilityLevel, cpk } from '../../contract/process-capability';
import { dialectOf } from '../db/dialect';
import type { DB } from '../db/schema';
import { falseFailingSteps, falseFailsByDay, newestRunsOfJig, type HealthRange } from '../store/fixture-health';
import { stepAggregatesOf, type StepAggregate } from '../store/test-profile-statistics';
import { DIMENSIONS } from './fixture-health-dimensions';
import { eachDay, mondayOf } from './production/days';
import { checkCompanyFilters, rangeBounds, resolveRange } from './statistics';

/** Cpk of a jig's steps reads at most this many of its newest runs in the range: the fixture as it is now, at a bounded cost. */
export const CPK_WINDOW = 2000;

/**
 * Fixture health over a range of UTC days (30 up to today unless said), narrowed to a project
 * or a jig of the company (422 on the filter otherwise), split by a dimension (the jig):
 * false fails per group (the headline), first-pass yield, each failing step's pass rate and
 * false fails per group (with the jig's Cpk when one jig is asked for), and the trend.
 * Runs, fails and step failures come from the tallies; only the false fails read the reports.
 */
export async function fixtureHealth(db: Kysely<DB>, companyId: number, query: FixtureHealthQuery): Promise<FixtureHealth> {
  const { from, to } = resolveRange(query);
  await checkCompanyFilters(db, companyId, query);
  const range: HealthRange = { company_id: companyId, ...rangeBounds({ from, to }), project_id: query.project_id, enclosure_id: query.enclosure_id };
  const dimension = DIMENSIONS[query.by];
  const context = { dialect: dialectOf(db), range };
  const key = (r: string) => dimension.key(r, context);
  const join = dimension.join ? (r: string) => dimension.join!(r, context) : undefined;
  // A run counts in several groups of a dimension with joins (once per cartridge): its trend and
  // totals are then read per run, off the jig split.
  const perRun = dimension.join ? DIMENSIONS.jig : null;
  const jigKey = (r: string) => DIMENSIONS.jig.key(r, context);
  const [judged, runs, stepFailures, falseSteps, runJudged, runRuns] = await Promise.all([
    falseFailsByDay(db, range, key, join),
    dimension.runsByDay(db, range, from, to),
    dimension.stepFailures(db, range, from, to),
    falseFailingSteps(db, range, key, join),
    perRun ? falseFailsByDay(db, range, jigKey) : null,
    perRun ? perRun.runsByDay(db, range, from, to) : null,
  ]);
  const measured = query.enclosure_id !== undefined ? await capabilityOfGroups(db, { ...range, enclosure_id: query.enclosure_id }, query.by, key, join) : new Map();

  const bucketOf = (day: string) => (query.bucket === 'week' ? mondayOf(day) : day);
  const groups = new Map<number, Omit<FixtureGroup, 'name' | 'detail' | 'setting_id' | 'false_fail_share' | 'false_fail_rate' | 'first_pass_yield'>>();
  const group = (key: number) => {
    if (!groups.has(key)) groups.set(key, { key, runs: 0, fails: 0, false_fails: 0, first_tests: 0, first_passes: 0 });
    return groups.get(key)!;
  };
  const trend = new Map<string, { runs: number; fails: number; false_fails: number }>();
  for (const day of eachDay(from, to)) trend.set(bucketOf(day), { runs: 0, fails: 0, false_fails: 0 });
  for (const r of runs) {
    const g = group(r.key);
    g.runs += r.runs;
    g.first_tests += r.first_tests;
    g.first_passes += r.first_passes;
  }
  for (const j of judged) {
    const g = group(j.key);
    g.fails += j.fails;
    g.false_fails += j.false_fails;
  }
  for (const r of runRuns ?? runs) trend.get(bucketOf(r.day))!.runs += r.runs;
  for (const j of runJudged ?? judged) {
    const point = trend.get(bucketOf(j.day))!;
    point.fails += j.fails;
    point.false_fails += j.false_fails;
  }
  const names = await dimension.names(db, companyId, [...groups.keys()]);
  const groupRows: FixtureGroup[] = [...groups.values()]
    .map((g) => ({
      ...g,
      name: names.get(g.key)?.name ?? (query.by === 'jig' ? 'No jig' : 'None'),
      detail: names.get(g.key)?.detail ?? '',
      setting_id: names.get(g.key)?.setting_id ?? null,
      false_fail_share: ratio(g.false_fails, g.fails),
      false_fail_rate: ratio(g.false_fails, g.runs),
      first_pass_yield: ratio(g.first_passes, g.first_tests),
    }))
    .sort((a, b) => b.false_fails - a.false_fails || (b.false_fail_share ?? 0) - (a.false_fail_share ?? 0) || a.name.localeCompare(b.name) || a.key - b.key);

  const falseByStep = new Map(falseSteps.map((s) => [`${s.key}\u0000${s.step}`, s.false_fails]));
  const stepRows: FixtureStep[] = stepFailures
    .filter((s) => s.failures > 0)
    .map((s) => {
      const g = groups.get(s.key);
      const runsOfGroup = g?.runs ?? 0;
      const false_fails = falseByStep.get(`${s.key}\u0000${s.step}`) ?? 0;
      const m = measured.get(s.key)?.get(s.step);
      const sd = m && m.measured >= 2 && m.ss !== null ? Math.sqrt(Math.max(0, m.ss) / (m.measured - 1)) : null;
      const value = m ? cpk({ n: m.measured, mean: m.measured ? m.mean : null, sd, low: m.low, high: m.high }) : null;
      return {
        key: s.key,
        step: s.step,
        runs: runsOfGroup,
        failures: s.failures,
        pass_rate: runsOfGroup ? Math.max(0, 1 - s.failures / runsOfGroup) : null,
        false_fails,
        false_fail_share: ratio(false_fails, s.failures),
        cpk: value,
        level: capabilityLevel(value),
      };
    })
    .sort((a, b) => b.false_fails - a.false_fails || b.failures - a.failures || a.step.localeCompare(b.step) || a.key - b.key);

  const trendPoints: FixtureTrendPoint[] = [...trend.entries()].map(([date, p]) => ({ date, ...p, false_fail_share: ratio(p.false_fails, p.fails) }));
  const total = trendPoints.reduce((t, g) => ({ runs: t.runs + g.runs, fails: t.fails + g.fails, false_fails: t.false_fails + g.false_fails }), { runs: 0, fails: 0, false_fails: 0 });
  return {
    from,
    to,
    bucket: query.bucket,
    by: query.by,
    groups: groupRows,
    steps: stepRows,
    trend: trendPoints,
    totals: { ...total, false_fail_share: ratio(total.false_fails, total.fails), false_fail_rate: ratio(total.false_fails, total.runs) },
  };
}

/**
 * With one jig asked for: each group's steps' Cpk over the jig's newest runs of the range (at
 * most CPK_WINDOW of them), those of the group alone when the split is finer than the jig.
 */
async function capabilityOfGroups(
  db: Kysely<DB>,
  range: HealthRange & { enclosure_id: number },
  by: FixtureDimension,
  key: (r: string) => RawBuilder<number>,
  join: ((r: string) => RawBuilder<unknown>) | undefined,
): Promise<Map<number, Map<string, StepAggregate>>> {
  const newest = newestRunsOfJig(range, CPK_WINDOW);
  const result = new Map<number, Map<string, StepAggregate>>();
  if (by === 'jig') {
    result.set(range.enclosure_id, new Map((await stepAggregatesOf(db, newest)).map((m) => [m.name, m])));
    return result;
  }
  const { rows } = await sql<{ key: number }>`select distinct ${key('r')} as key from device_reports r ${join ? join('r') : sql``} where ${newest}`.execute(db);
  for (const { key: k } of rows) {
    const ofGroup = sql`r.id in (select r.id from device_reports r ${join ? join('r') : sql``} where ${newest} and ${key('r')} = ${k})`;
    result.set(Number(k), new Map((await stepAggregatesOf(db, ofGroup)).map((m) => [m.name, m])));
  }
  return result;
}
