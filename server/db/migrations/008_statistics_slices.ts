import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * Statistics filtered by jig and test profile, still read from daily aggregates and
 * never from the reports: the same counts as report_daily_stats and step_failure_daily, split
 * further by the report's jig and test profile (and the step failures by batch too, so a
 * failing step can be traced to the batches it fails in).
 *
 * Measured on the demo data (5,454 reports): 61 batch-day rows become 147 slices, 205 step-day
 * rows become 286; a filtered statistics call reads a few hundred rows. Scanning the reports
 * instead took 35-60 ms on the demo already and grows with every report.
 *
 * Keys have no NULLs (a primary key on PostgreSQL cannot hold one, and SQLite would let two
 * "same" rows in): 0 is "no jig", '' is "no profile" or "no version".
 *
 * Also device_step_failures: which boards of a project ever failed which step, one row per
 * (project, step, board), so the devices list's `failing_step` (where a failing step of the
 * statistics leads) is an index range. Opening the failing reports' JSON instead took 11 ms on
 * the demo's 450 failing reports of one project, about 25 µs a report: seconds at a million boards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const int0 = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);
  const text0 = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo('');

  await db.schema
    .createTable('report_daily_slices')
    .addColumn('company_id', 'integer', (col) => col.notNull())
    .addColumn('project_id', 'integer', (col) => col.notNull())
    .addColumn('production_batch_id', 'integer', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('enclosure_id', 'integer', int0)
    .addColumn('test_profile', 'text', text0)
    .addColumn('test_profile_version', 'text', text0)
    .addColumn('reports', 'integer', int0)
    .addColumn('passed', 'integer', int0)
    .addColumn('failed', 'integer', int0)
    .addColumn('errors', 'integer', int0)
    .addColumn('first_tests', 'integer', int0)
    .addColumn('first_passes', 'integer', int0)
    .addPrimaryKeyConstraint('report_daily_slices_pk', [
      'project_id',
      'production_batch_id',
      'day',
      'enclosure_id',
      'test_profile',
      'test_profile_version',
    ])
    .execute();
  await db.schema.createIndex('report_daily_slices_company_day').on('report_daily_slices').columns(['company_id', 'day']).execute();

  await db.schema
    .createTable('step_failure_daily_slices')
    .addColumn('company_id', 'integer', (col) => col.notNull())
    .addColumn('project_id', 'integer', (col) => col.notNull())
    .addColumn('production_batch_id', 'integer', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('enclosure_id', 'integer', int0)
    .addColumn('test_profile', 'text', text0)
    .addColumn('test_profile_version', 'text', text0)
    .addColumn('step_name', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', int0)
    .addPrimaryKeyConstraint('step_failure_daily_slices_pk', [
      'project_id',
      'production_batch_id',
      'day',
      'enclosure_id',
      'test_profile',
      'test_profile_version',
      'step_name',
    ])
    .execute();
  await db.schema
    .createIndex('step_failure_daily_slices_company_day')
    .on('step_failure_daily_slices')
    .columns(['company_id', 'day'])
    .execute();

  await db.schema
    .createTable('device_step_failures')
    .addColumn('project_id', 'integer', (col) => col.notNull())
    .addColumn('step_name', 'text', (col) => col.notNull())
    .addColumn('device_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('device_step_failures_pk', ['project_id', 'step_name', 'device_id'])
    .execute();

  // The reports already stored, sliced as ingestion will slice the new ones.
  const day = sql`substr(finished_at, 1, 10)`;
  await sql`
    insert into report_daily_slices
      (company_id, project_id, production_batch_id, day, enclosure_id, test_profile, test_profile_version,
       reports, passed, failed, errors, first_tests, first_passes)
    select company_id, project_id, production_batch_id, day, enclosure_id, test_profile, test_profile_version,
      count(*),
      sum(case when result = 'pass' then 1 else 0 end),
      sum(case when result = 'fail' then 1 else 0 end),
      sum(case when result = 'error' then 1 else 0 end),
      sum(case when rn = 1 then 1 else 0 end),
      sum(case when rn = 1 and result = 'pass' then 1 else 0 end)
    from (
      select company_id, project_id, production_batch_id, ${day} as day, coalesce(enclosure_id, 0) as enclosure_id,
        coalesce(test_profile, '') as test_profile, coalesce(test_profile_version, '') as test_profile_version, result,
        row_number() over (partition by device_id order by id) as rn
      from device_reports
    ) r
    group by company_id, project_id, production_batch_id, day, enclosure_id, test_profile, test_profile_version`.execute(db);
  const failing = pg
    ? sql`
      select r.id, r.company_id, r.project_id, r.production_batch_id, substr(r.finished_at, 1, 10) as day,
        coalesce(r.enclosure_id, 0) as enclosure_id, coalesce(r.test_profile, '') as test_profile,
        coalesce(r.test_profile_version, '') as test_profile_version, s.value ->> 'name' as step_name
      from device_reports r cross join lateral jsonb_array_elements(r.steps::jsonb) s(value)
      where r.failed_step_count > 0 and (s.value ->> 'pass') = 'false'`
    : sql`
      select r.id, r.company_id, r.project_id, r.production_batch_id, substr(r.finished_at, 1, 10) as day,
        coalesce(r.enclosure_id, 0) as enclosure_id, coalesce(r.test_profile, '') as test_profile,
        coalesce(r.test_profile_version, '') as test_profile_version, json_extract(s.value, '$.name') as step_name
      from device_reports r, json_each(r.steps) s
      where r.failed_step_count > 0 and json_extract(s.value, '$.pass') = 0`;
  await sql`
    insert into step_failure_daily_slices
      (company_id, project_id, production_batch_id, day, enclosure_id, test_profile, test_profile_version, step_name, failures)
    select company_id, project_id, production_batch_id, day, enclosure_id, test_profile, test_profile_version, step_name, count(distinct id)
    from (${failing}) f
    group by company_id, project_id, production_batch_id, day, enclosure_id, test_profile, test_profile_version, step_name`.execute(db);
  const failingBoards = pg
    ? sql`
      select distinct r.project_id, s.value ->> 'name' as step_name, r.device_id
      from device_reports r cross join lateral jsonb_array_elements(r.steps::jsonb) s(value)
      where r.failed_step_count > 0 and (s.value ->> 'pass') = 'false'`
    : sql`
      select distinct r.project_id, json_extract(s.value, '$.name') as step_name, r.device_id
      from device_reports r, json_each(r.steps) s
      where r.failed_step_count > 0 and json_extract(s.value, '$.pass') = 0`;
  await sql`insert into device_step_failures (project_id, step_name, device_id) ${failingBoards}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_step_failures').execute();
  await db.schema.dropTable('step_failure_daily_slices').execute();
  await db.schema.dropTable('report_daily_slices').execute();
}
