import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { CompanyStatistics, FailingStep, ProjectStatistics } from '../../../contract/statistics';
import { passYields } from '../../../contract/figures';
import { toCount } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { companyJigName } from '../../store/jig-names';
import { mondayOf } from './days';
import { COUNT_KEYS, ratio, series, toCounts, type Counts, type Range } from './statistics';

/**
 * The statistics screen's figures, read from the daily slices by jig and test profile
 * (report_daily_slices, step_failure_daily_slices): a few hundred rows a month for a busy
 * company, summed here. Without a filter they sum to what report_daily_stats holds.
 */

export type SliceFilters = Range & {
  company_id: number;
  project_id?: number;
  enclosure_id?: number;
  test_profile?: string;
  test_profile_version?: string;
  step?: string;
};

type SliceTable = 'report_daily_slices' | 'step_failure_daily_slices';

/** The company, range and filters on either slice table (both have the same key columns). */
function sliced<T extends SliceTable>(db: Kysely<DB>, table: T, f: SliceFilters, dimensions = true) {
  let q = db
    .selectFrom(table as SliceTable)
    .where('company_id', '=', f.company_id)
    .where('day', '>=', f.from)
    .where('day', '<=', f.to);
  if (f.project_id !== undefined) q = q.where('project_id', '=', f.project_id);
  if (dimensions) {
    if (f.enclosure_id !== undefined) q = q.where('enclosure_id', '=', f.enclosure_id);
    if (f.test_profile !== undefined) q = q.where('test_profile', '=', f.test_profile);
    if (f.test_profile_version !== undefined) q = q.where('test_profile_version', '=', f.test_profile_version);
  }
  return q as unknown as SelectQueryBuilder<DB, T, object>;
}

/** The runs that failed the chosen step, summed per `group` column. */
async function stepFailuresBy(db: Kysely<DB>, f: SliceFilters, group: 'day' | 'production_batch_id'): Promise<Map<string | number, number>> {
  if (f.step === undefined) return new Map();
  const rows = await sliced(db, 'step_failure_daily_slices', f)
    .where('step_name', '=', f.step)
    .groupBy(group)
    .select((eb) => [eb.ref(group).as('k'), eb.fn.sum('failures').as('n')])
    .execute();
  return new Map(rows.map((r) => [r.k as string | number, toCount(r.n as string | number)]));
}

async function failingSteps(db: Kysely<DB>, f: SliceFilters): Promise<FailingStep[]> {
  const base = sliced(db, 'step_failure_daily_slices', f);
  const failures = sql<string | number>`sum(failures)`;
  const [top, all] = await Promise.all([
    base
      .groupBy('step_name')
      .select(['step_name', failures.as('failures')])
      .having(failures, '>', 0)
      .orderBy(failures, 'desc')
      .orderBy('step_name')
      .limit(15)
      .execute(),
    base.select(failures.as('failures')).executeTakeFirst(),
  ]);
  const total = toCount(all?.failures);
  const names = top.map((r) => r.step_name);
  const perProject = names.length
    ? await base
        .where('step_name', 'in', names)
        .groupBy(['step_name', 'project_id'])
        .select(['step_name', 'project_id', failures.as('failures')])
        .having(failures, '>', 0)
        .orderBy(failures, 'desc')
        .orderBy('project_id')
        .execute()
    : [];
  return top.map((r) => ({
    name: r.step_name,
    failures: toCount(r.failures),
    share: ratio(toCount(r.failures), total) ?? 0,
    project_ids: perProject.filter((p) => p.step_name === r.step_name).map((p) => p.project_id),
  }));
}

/** What reported or failed in the range, for the filter choices; the dimension filters left out. */
async function choices(db: Kysely<DB>, f: SliceFilters): Promise<CompanyStatistics['choices']> {
  const reports = sliced(db, 'report_daily_slices', f, false).where('reports', '>', 0);
  const [jigIds, profiles, steps] = await Promise.all([
    reports.where('enclosure_id', '>', 0).select('enclosure_id').distinct().execute(),
    reports.where('test_profile', '<>', '').select(['test_profile', 'test_profile_version']).distinct().execute(),
    sliced(db, 'step_failure_daily_slices', f, false)
      .where('failures', '>', 0)
      .select('step_name')
      .distinct()
      .orderBy('step_name')
      .limit(500)
      .execute(),
  ]);
  const ids = jigIds.map((j) => j.enclosure_id);
  const jigs = ids.length
    ? await db
        .selectFrom('enclosures')
        .where('id', 'in', ids)
        .where('company_id', '=', f.company_id)
        .select(['id', companyJigName('enclosures', f.company_id).as('name'), 'enclosures.name as registered_name', 'serial'])
        .orderBy(sql`lower(${companyJigName('enclosures', f.company_id)})`)
        .orderBy('id')
        .execute()
    : [];
  return {
    jigs,
    test_profiles: profiles
      .map((p) => ({ name: p.test_profile, version: p.test_profile_version || null }))
      .sort((a, b) => a.name.localeCompare(b.name) || (a.version ?? '').localeCompare(b.version ?? '', undefined, { numeric: true })),
    steps: steps.map((s) => s.step_name),
  };
}

/** Yield over time, the failure Pareto and the filter choices, with the filters applied. */
export async function slicedCompanyStatistics(db: Kysely<DB>, f: SliceFilters & { bucket: 'day' | 'week' }): Promise<CompanyStatistics> {
  const [days, stepDays, steps, choice] = await Promise.all([
    sliced(db, 'report_daily_slices', f)
      .groupBy('day')
      .select((eb) => ['day', ...COUNT_KEYS.map((k) => eb.fn.sum(k).as(k))])
      .execute(),
    stepFailuresBy(db, f, 'day'),
    failingSteps(db, f),
    choices(db, f),
  ]);
  const counts = new Map<string, Counts>(days.map((r) => [r.day, toCounts(r as Record<string, unknown>)]));
  let points = series(counts, f, f.bucket);
  if (f.step !== undefined) {
    const perBucket = new Map<string, number>();
    for (const [d, n] of stepDays) {
      const key = f.bucket === 'week' ? mondayOf(String(d)) : String(d);
      perBucket.set(key, (perBucket.get(key) ?? 0) + n);
    }
    points = points.map((p) => ({ ...p, step_failures: perBucket.get(p.date) ?? 0 }));
  }
  return { from: f.from, to: f.to, bucket: f.bucket, series: points, failing_steps: steps, choices: choice };
}

/** The three pass yields of the boards first tested in the range (contract/figures.ts). */
function cohortYields(c: { first_tests: number; first_passes: number; second_passes: number; last_passes: number }) {
  const { tested: _tested, ...yields } = passYields({
    tested: c.first_tests,
    first_passes: c.first_passes,
    second_passes: c.second_passes,
    last_passes: c.last_passes,
  });
  return { first_tests: c.first_tests, ...yields };
}

/** First-, second- and last-pass yield per project of the company and per batch, with the filters applied. */
export async function slicedProjectStatistics(db: Kysely<DB>, f: SliceFilters): Promise<ProjectStatistics[]> {
  let projects = db.selectFrom('projects').where('company_id', '=', f.company_id).select(['id', 'name']);
  if (f.project_id !== undefined) projects = projects.where('id', '=', f.project_id);
  const projectRows = await projects.orderBy(sql`lower(name)`).orderBy('id').execute();
  if (projectRows.length === 0) return [];
  const ids = projectRows.map((p) => p.id);
  const [batches, sums, stepFailures] = await Promise.all([
    db.selectFrom('production_batches').where('project_id', 'in', ids).select(['id', 'project_id', 'name']).orderBy('id').execute(),
    sliced(db, 'report_daily_slices', f)
      .groupBy('production_batch_id')
      .select((eb) => [
        'production_batch_id',
        eb.fn.sum('reports').as('reports'),
        eb.fn.sum('first_tests').as('first_tests'),
        eb.fn.sum('first_passes').as('first_passes'),
        eb.fn.sum('second_passes').as('second_passes'),
        eb.fn.sum('last_passes').as('last_passes'),
      ])
      .execute(),
    stepFailuresBy(db, f, 'production_batch_id'),
  ]);
  const byBatch = new Map(sums.map((s) => [s.production_batch_id, s]));
  const withStep = f.step !== undefined;
  return projectRows.map((project) => {
    const total = { reports: 0, first_tests: 0, first_passes: 0, second_passes: 0, last_passes: 0, step_failures: 0 };
    const projectBatches = batches
      .filter((b) => b.project_id === project.id)
      .map((b) => {
        const s = byBatch.get(b.id);
        const row = {
          reports: toCount(s?.reports as string | undefined),
          first_tests: toCount(s?.first_tests as string | undefined),
          first_passes: toCount(s?.first_passes as string | undefined),
          second_passes: toCount(s?.second_passes as string | undefined),
          last_passes: toCount(s?.last_passes as string | undefined),
          step_failures: stepFailures.get(b.id) ?? 0,
        };
        for (const k of ['reports', 'first_tests', 'first_passes', 'second_passes', 'last_passes', 'step_failures'] as const) total[k] += row[k];
        return {
          batch_id: b.id,
          batch_name: b.name,
          reports: row.reports,
          ...cohortYields(row),
          ...(withStep && { step_failures: row.step_failures }),
        };
      });
    return {
      project_id: project.id,
      project_name: project.name,
      reports: total.reports,
      ...cohortYields(total),
      ...(withStep && { step_failures: total.step_failures }),
      batches: projectBatches,
    };
  });
}
