import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * Per-step measurement aggregates, kept as reports are stored, so a step's mean, spread, Cpk and
 * Ppk over all of history (any lot, days, jig or profile version) read a few rows per step and
 * day rather than every report's steps JSON: a step's all-history figures over the bench's
 * million boards read 767 rows instead of parsing a million reports.
 *
 * One row per (project, profile name, version, step, day, batch, jig): a row is exactly one
 * subgroup of the within-subgroup spread (a day's runs in one batch on one jig under one profile
 * version), so the within spread is the sum of the rows' own. The profile is keyed by its name and
 * version as the reports carry them, not by test_profile_id: the id is only found inside the
 * report's insert, and moves when a profile is entered after its runs or a draft is renamed
 * (linkReports), while a report's name and version never change.
 *
 * Each row keeps count, mean and m2 (the sum of squared deviations from the mean) of every numeric
 * value, and the same of the values of runs that passed, rather than count, sum and sum of
 * squares: a frequency of 1e9 Hz ± 1 Hz squares to 1e18, where a double's last digit is worth
 * about 128, so Σx² − (Σx)²/n would keep nothing of the ±1. Two rows merge with Chan's parallel
 * formula (n = n₁+n₂; mean = mean₁ + δ·n₂/n; m2 = m2₁ + m2₂ + δ²·n₁·n₂/n, δ = mean₂ − mean₁),
 * which only ever subtracts means of like size. min and max keep the extremes (NULL: no value).
 * `runs` counts the step's occurrences in counted runs, `fails` those that failed.
 *
 * Keys have no NULLs (as the daily slices): 0 is "no jig", '' "no profile" or "no version".
 * The reports already stored are backfilled here (counted ones only: not held, not golden).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const double = pg ? 'double precision' : 'real';
  const zero = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);

  await db.schema
    .createTable('step_measure_daily')
    .addColumn('company_id', 'integer', (col) => col.notNull())
    .addColumn('project_id', 'integer', (col) => col.notNull())
    .addColumn('test_profile', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('test_profile_version', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('step_name', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('production_batch_id', 'integer', (col) => col.notNull())
    .addColumn('enclosure_id', 'integer', zero)
    .addColumn('runs', 'integer', zero)
    .addColumn('fails', 'integer', zero)
    .addColumn('n', 'integer', zero)
    .addColumn('mean', sql.raw(double), zero)
    .addColumn('m2', sql.raw(double), zero)
    .addColumn('min', sql.raw(double))
    .addColumn('max', sql.raw(double))
    .addColumn('pass_n', 'integer', zero)
    .addColumn('pass_mean', sql.raw(double), zero)
    .addColumn('pass_m2', sql.raw(double), zero)
    // A step's (or a profile version's) all history is one range of the key.
    .addPrimaryKeyConstraint('step_measure_daily_pk', [
      'project_id',
      'test_profile',
      'test_profile_version',
      'step_name',
      'day',
      'production_batch_id',
      'enclosure_id',
    ])
    .execute();
  // A batch's rows: rebuilt when boards move between batches, deleted with the batch.
  await db.schema.createIndex('step_measure_daily_batch').on('step_measure_daily').columns(['production_batch_id', 'day']).execute();

  // Coverage (a scope's counted runs and days) sums the daily slices of a profile's versions: one
  // range of this index per version rather than every slice of the project.
  await db.schema
    .createIndex('report_daily_slices_profile')
    .on('report_daily_slices')
    .columns(['project_id', 'test_profile', 'test_profile_version', 'day'])
    .execute();

  // Two passes, as exact as the values: each group's mean first (a window), then the squared
  // deviations from it.
  const values = pg
    ? sql`
      select r.company_id, r.project_id, coalesce(r.test_profile, '') as test_profile,
        coalesce(r.test_profile_version, '') as test_profile_version, s.value ->> 'name' as step_name,
        substr(r.finished_at, 1, 10) as day, r.production_batch_id, coalesce(r.enclosure_id, 0) as enclosure_id, r.result,
        case when (s.value ->> 'pass') = 'false' then 1 else 0 end as failed,
        case when jsonb_typeof(s.value -> 'value') = 'number' then (s.value ->> 'value')::double precision end as v
      from device_reports r cross join lateral jsonb_array_elements(r.steps::jsonb) s(value)
      where r.held is null and r.golden is null and jsonb_typeof(s.value -> 'name') = 'string'`
    : sql`
      select r.company_id, r.project_id, coalesce(r.test_profile, '') as test_profile,
        coalesce(r.test_profile_version, '') as test_profile_version, json_extract(s.value, '$.name') as step_name,
        substr(r.finished_at, 1, 10) as day, r.production_batch_id, coalesce(r.enclosure_id, 0) as enclosure_id, r.result,
        case when json_type(s.value, '$.pass') = 'false' then 1 else 0 end as failed,
        case when json_type(s.value, '$.value') in ('integer', 'real') then json_extract(s.value, '$.value') end as v
      from device_reports r, json_each(r.steps) s
      where r.held is null and r.golden is null and json_type(s.value, '$.name') = 'text'`;
  const key = sql`project_id, test_profile, test_profile_version, step_name, day, production_batch_id, enclosure_id`;
  await sql`
    insert into step_measure_daily
      (project_id, test_profile, test_profile_version, step_name, day, production_batch_id, enclosure_id, company_id,
       runs, fails, n, mean, m2, min, max, pass_n, pass_mean, pass_m2)
    select ${key}, max(company_id), count(*), sum(failed),
      count(v), coalesce(avg(v), 0), coalesce(sum((v - gm) * (v - gm)), 0), min(v), max(v),
      count(pv), coalesce(avg(pv), 0), coalesce(sum((pv - pm) * (pv - pm)), 0)
    from (
      select w.*, avg(v) over k as gm, avg(pv) over k as pm
      from (select x.*, case when result = 'pass' then v end as pv from (${values}) x) w
      window k as (partition by ${key})
    ) g
    group by ${key}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('report_daily_slices_profile').execute();
  await db.schema.dropTable('step_measure_daily').execute();
}
