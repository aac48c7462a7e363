import { sql, type Kysely } from 'kysely';
import { FAILING_BATCH_THRESHOLD, type Dashboard, type YieldPoint } from '../../../contract/statistics';
import { firstPassYield, lastPassYield, passRate, secondPassYield } from '../../../contract/figures';
import { toCount } from '../../db/dialect';
import { BATCH_FIRST_PASS_YIELD_SQL } from '../../store/batches';
import { companyJigName } from '../../store/jig-names';
import type { DB } from '../../db/schema';
import { addDays, eachDay, mondayOf, todayUtc } from './days';

/**
 * Statistics read only the daily aggregates that ingestion maintains (a row per batch and day,
 * per failing step and day, per jig and day, and their slices by jig and test profile), never
 * the reports: a year of a busy company is a few thousand rows, so they are summed here in
 * TypeScript where buckets are easy to get right. The dashboard is here; the statistics screen's
 * filtered figures are in sliced-statistics.ts.
 */

export type Range = { from: string; to: string };
type Scope = Range & { company_id: number };

export type Counts = Omit<YieldPoint, 'date' | 'pass_rate' | 'first_pass_yield' | 'second_pass_yield' | 'last_pass_yield' | 'step_failures'>;
export const COUNT_KEYS = ['reports', 'passed', 'failed', 'errors', 'first_tests', 'first_passes', 'second_passes', 'last_passes'] as const;
const zeroCounts = (): Counts => ({ reports: 0, passed: 0, failed: 0, errors: 0, first_tests: 0, first_passes: 0, second_passes: 0, last_passes: 0 });

export { ratio } from '../../../contract/figures';

/** A point of summed counts: pass rate over all runs, first-pass yield over first tests. */
const toPoint = (date: string, c: Counts): YieldPoint => ({
  date,
  ...c,
  pass_rate: passRate(c.passed, c.reports),
  first_pass_yield: firstPassYield(c.first_passes, c.first_tests),
  second_pass_yield: secondPassYield(c.second_passes, c.first_tests),
  last_pass_yield: lastPassYield(c.last_passes, c.first_tests),
});

/** Summed counts of a row of sums (strings on PostgreSQL), missing ones 0. */
export const toCounts = (r: Record<string, unknown>): Counts =>
  Object.fromEntries(COUNT_KEYS.map((k) => [k, toCount(r[k] as string | number | undefined)])) as Counts;

/** Summed counts per day over the company's batches. */
async function dailyCounts(db: Kysely<DB>, scope: Scope): Promise<Map<string, Counts>> {
  const query = db
    .selectFrom('report_daily_stats')
    .where('company_id', '=', scope.company_id)
    .where('day', '>=', scope.from)
    .where('day', '<=', scope.to)
    .groupBy('day')
    .select((eb) => ['day', ...COUNT_KEYS.map((k) => eb.fn.sum(k).as(k))]);
  const rows = (await query.execute()) as Array<{ day: string } & Record<(typeof COUNT_KEYS)[number], unknown>>;
  return new Map(rows.map((r) => [r.day, toCounts(r)]));
}

function addInto(sum: Counts, c: Counts) {
  for (const k of COUNT_KEYS) sum[k] += c[k];
}

/** Zero-filled points per day or per ISO week (labelled by its Monday) over the range. */
export function series(days: Map<string, Counts>, range: Range, bucket: 'day' | 'week'): YieldPoint[] {
  const buckets = new Map<string, Counts>();
  for (const day of eachDay(range.from, range.to)) {
    const key = bucket === 'week' ? mondayOf(day) : day;
    const sum = buckets.get(key) ?? zeroCounts();
    addInto(sum, days.get(day) ?? zeroCounts());
    buckets.set(key, sum);
  }
  return [...buckets].map(([date, c]) => toPoint(date, c));
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

  const fpy = BATCH_FIRST_PASS_YIELD_SQL;
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
        'production_batches.second_pass_count',
        'production_batches.last_pass_count',
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
        companyJigName('enclosures', company_id).as('name'),
        'enclosures.name as registered_name',
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
      .orderBy(sql`lower(${companyJigName('enclosures', company_id)})`)
      .orderBy('enclosures.id')
      .execute(),
  ]);

  return {
    from,
    to,
    boards_tested: current.first_tests,
    reports: current.reports,
    pass_rate: current.pass_rate,
    first_pass_yield: current.first_pass_yield,
    previous: { boards_tested: previous.first_tests, pass_rate: previous.pass_rate, first_pass_yield: previous.first_pass_yield },
    per_day: series(days, { from, to }, 'day'),
    failing_batches: failing.map((b) => ({
      batch_id: b.id,
      batch_name: b.name,
      project_id: b.project_id,
      project_name: b.project_name,
      first_tests: b.tested_count,
      first_passes: b.first_pass_count,
      first_pass_yield: firstPassYield(b.first_pass_count, b.tested_count),
      second_passes: b.second_pass_count,
      last_passes: b.last_pass_count,
      second_pass_yield: secondPassYield(b.second_pass_count, b.tested_count),
      last_pass_yield: lastPassYield(b.last_pass_count, b.tested_count),
    })),
    jigs: jigs.map((j) => ({
      enclosure_id: j.id,
      name: j.name,
      registered_name: j.registered_name,
      serial: j.serial,
      last_seen_at: j.last_seen_at,
      reports_7d: toCount(j.reports_7d as string | number | null),
    })),
  };
}
