import { sql, type Kysely } from 'kysely';
import {
  FAILING_BATCH_THRESHOLD,
  type CompanyStatistics,
  type Dashboard,
  type FailingStep,
  type ProjectStatistics,
  type YieldPoint,
} from '../../../contract/statistics';
import { toCount } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { addDays, eachDay, mondayOf, todayUtc } from './days';

/**
 * Statistics read only the daily aggregates that ingestion maintains (a row per batch and day,
 * per failing step and day, per jig and day), never the reports: a year of a busy company is a
 * few thousand rows, so they are summed here in TypeScript where buckets are easy to get right.
 */

export type Range = { from: string; to: string };
type Scope = Range & { company_id: number; project_id?: number };

type Counts = Omit<YieldPoint, 'date' | 'yield' | 'first_pass_yield'>;
const COUNT_KEYS = ['reports', 'passed', 'failed', 'errors', 'first_tests', 'first_passes'] as const;
const zeroCounts = (): Counts => ({ reports: 0, passed: 0, failed: 0, errors: 0, first_tests: 0, first_passes: 0 });

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** A yield point of summed counts: yield over all reports, first-pass yield over first tests. */
const toPoint = (date: string, c: Counts): YieldPoint => ({
  date,
  ...c,
  yield: ratio(c.passed, c.reports),
  first_pass_yield: ratio(c.first_passes, c.first_tests),
});

/** Summed counts per day over the company's (or one project's) batches. */
async function dailyCounts(db: Kysely<DB>, scope: Scope): Promise<Map<string, Counts>> {
  let query = db
    .selectFrom('report_daily_stats')
    .where('company_id', '=', scope.company_id)
    .where('day', '>=', scope.from)
    .where('day', '<=', scope.to)
    .groupBy('day')
    .select((eb) => ['day', ...COUNT_KEYS.map((k) => eb.fn.sum(k).as(k))]);
  if (scope.project_id !== undefined) query = query.where('project_id', '=', scope.project_id);
  const rows = (await query.execute()) as Array<{ day: string } & Record<(typeof COUNT_KEYS)[number], unknown>>;
  return new Map(rows.map((r) => [r.day, Object.fromEntries(COUNT_KEYS.map((k) => [k, toCount(r[k] as string)])) as Counts]));
}

function addInto(sum: Counts, c: Counts) {
  for (const k of COUNT_KEYS) sum[k] += c[k];
}

/** Zero-filled points per day or per ISO week (labelled by its Monday) over the range. */
function series(days: Map<string, Counts>, range: Range, bucket: 'day' | 'week'): YieldPoint[] {
  const buckets = new Map<string, Counts>();
  for (const day of eachDay(range.from, range.to)) {
    const key = bucket === 'week' ? mondayOf(day) : day;
    const sum = buckets.get(key) ?? zeroCounts();
    addInto(sum, days.get(day) ?? zeroCounts());
    buckets.set(key, sum);
  }
  return [...buckets].map(([date, c]) => toPoint(date, c));
}

async function failingSteps(db: Kysely<DB>, scope: Scope): Promise<FailingStep[]> {
  let base = db
    .selectFrom('step_failure_daily')
    .where('company_id', '=', scope.company_id)
    .where('day', '>=', scope.from)
    .where('day', '<=', scope.to);
  if (scope.project_id !== undefined) base = base.where('project_id', '=', scope.project_id);
  const failures = sql<string | number>`sum(failures)`;
  const [top, all] = await Promise.all([
    base
      .groupBy('step_name')
      .select(['step_name', failures.as('failures')])
      .orderBy(failures, 'desc')
      .orderBy('step_name')
      .limit(15)
      .execute(),
    base.select(failures.as('failures')).executeTakeFirst(),
  ]);
  const total = toCount(all?.failures);
  return top.map((r) => ({ name: r.step_name, failures: toCount(r.failures), share: ratio(toCount(r.failures), total) ?? 0 }));
}

export async function companyStatistics(
  db: Kysely<DB>,
  scope: Scope & { bucket: 'day' | 'week' },
): Promise<CompanyStatistics> {
  const [days, steps] = await Promise.all([dailyCounts(db, scope), failingSteps(db, scope)]);
  return { from: scope.from, to: scope.to, bucket: scope.bucket, series: series(days, scope, scope.bucket), failing_steps: steps };
}

/** First-pass yield per project of the company and per batch, over the range. */
export async function projectStatistics(db: Kysely<DB>, scope: Scope): Promise<ProjectStatistics[]> {
  let projects = db.selectFrom('projects').where('company_id', '=', scope.company_id).select(['id', 'name']);
  if (scope.project_id !== undefined) projects = projects.where('id', '=', scope.project_id);
  const projectRows = await projects.orderBy(sql`lower(name)`).orderBy('id').execute();
  if (projectRows.length === 0) return [];
  const ids = projectRows.map((p) => p.id);
  const [batches, sums] = await Promise.all([
    db.selectFrom('production_batches').where('project_id', 'in', ids).select(['id', 'project_id', 'name']).orderBy('id').execute(),
    db
      .selectFrom('report_daily_stats')
      .where('company_id', '=', scope.company_id)
      .where('project_id', 'in', ids)
      .where('day', '>=', scope.from)
      .where('day', '<=', scope.to)
      .groupBy('production_batch_id')
      .select((eb) => [
        'production_batch_id',
        eb.fn.sum('reports').as('reports'),
        eb.fn.sum('first_tests').as('first_tests'),
        eb.fn.sum('first_passes').as('first_passes'),
      ])
      .execute(),
  ]);
  const byBatch = new Map(sums.map((s) => [s.production_batch_id, s]));
  return projectRows.map((project) => {
    let reports = 0;
    let firstTests = 0;
    let firstPasses = 0;
    const projectBatches = batches
      .filter((b) => b.project_id === project.id)
      .map((b) => {
        const s = byBatch.get(b.id);
        const first_tests = toCount(s?.first_tests as string | undefined);
        const first_passes = toCount(s?.first_passes as string | undefined);
        reports += toCount(s?.reports as string | undefined);
        firstTests += first_tests;
        firstPasses += first_passes;
        return { batch_id: b.id, batch_name: b.name, first_tests, first_passes, first_pass_yield: ratio(first_passes, first_tests) };
      });
    return {
      project_id: project.id,
      project_name: project.name,
      reports,
      first_tests: firstTests,
      first_passes: firstPasses,
      first_pass_yield: ratio(firstPasses, firstTests),
      batches: projectBatches,
    };
  });
}

/** The company's last 7 days (today included) against the 7 before. */
export async function dashboard(db: Kysely<DB>, company_id: number, now = new Date()): Promise<Dashboard> {
  const to = todayUtc(now);
  const from = addDays(to, -6);
  const previousFrom = addDays(from, -7);
  const days = await dailyCounts(db, { company_id, from: previousFrom, to });
  const sumOver = (range: Range) => {
    const sum = zeroCounts();
    for (const day of eachDay(range.from, range.to)) addInto(sum, days.get(day) ?? zeroCounts());
    return toPoint(range.from, sum);
  };
  const current = sumOver({ from, to });
  const previous = sumOver({ from: previousFrom, to: addDays(from, -1) });

  const fpy = sql<number>`production_batches.first_pass_count * 1.0 / production_batches.tested_count`;
  const [failing, jigs] = await Promise.all([
    db
      .selectFrom('production_batches')
      .innerJoin('projects', 'projects.id', 'production_batches.project_id')
      .where('projects.company_id', '=', company_id)
      .where('production_batches.status', '=', 'open')
      .where('production_batches.tested_count', '>', 0)
      .where(fpy, '<', FAILING_BATCH_THRESHOLD)
      .select([
        'production_batches.id',
        'production_batches.name',
        'production_batches.tested_count',
        'production_batches.first_pass_count',
        'projects.id as project_id',
        'projects.name as project_name',
      ])
      .orderBy(fpy)
      .orderBy('production_batches.id')
      .limit(5)
      .execute(),
    db
      .selectFrom('enclosures')
      .where('enclosures.company_id', '=', company_id)
      .select((eb) => [
        'enclosures.id',
        'enclosures.name',
        'enclosures.serial',
        'enclosures.last_seen_at',
        eb
          .selectFrom('enclosure_daily_stats')
          .whereRef('enclosure_daily_stats.enclosure_id', '=', 'enclosures.id')
          .where('enclosure_daily_stats.day', '>=', from)
          .where('enclosure_daily_stats.day', '<=', to)
          .select((e) => e.fn.sum('enclosure_daily_stats.reports').as('n'))
          .as('reports_7d'),
      ])
      .orderBy(sql`lower(enclosures.name)`)
      .orderBy('enclosures.id')
      .execute(),
  ]);

  return {
    from,
    to,
    boards_tested: current.first_tests,
    reports: current.reports,
    yield: current.yield,
    first_pass_yield: current.first_pass_yield,
    previous: { boards_tested: previous.first_tests, yield: previous.yield, first_pass_yield: previous.first_pass_yield },
    per_day: series(days, { from, to }, 'day'),
    failing_batches: failing.map((b) => ({
      batch_id: b.id,
      batch_name: b.name,
      project_id: b.project_id,
      project_name: b.project_name,
      first_tests: b.tested_count,
      first_passes: b.first_pass_count,
      first_pass_yield: ratio(b.first_pass_count, b.tested_count),
    })),
    jigs: jigs.map((j) => ({
      enclosure_id: j.id,
      name: j.name,
      serial: j.serial,
      last_seen_at: j.last_seen_at,
      reports_7d: toCount(j.reports_7d as string | number | null),
    })),
  };
}
