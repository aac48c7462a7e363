import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Second-pass and last-pass yield beside first-pass yield, kept the way first pass
 * is: maintained at ingestion and read from counters, never by scanning reports.
 *
 * - devices.pass_attempt: the run (in stored order, as first_pass is decided) that first passed,
 *   null until one did. Second pass is `pass_attempt <= 2`.
 * - production_batches.second_pass_count (boards with pass_attempt <= 2) and last_pass_count
 *   (tested boards standing passed or released: their latest verdict is a pass).
 * - report_daily_stats and report_daily_slices .second_passes and .last_passes, counted on the
 *   row of the board's first report like first_tests and first_passes: over a date range the
 *   three yields are of the same boards, those first tested in it (a cohort), so they add up
 *   across days and a later retest moves the figure of the day the board was first tested.
 *
 * The back-fill derives them from the stored reports and devices as ingestion would have.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const int0 = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);
  await db.schema.alterTable('devices').addColumn('pass_attempt', 'integer').execute();
  for (const column of ['second_pass_count', 'last_pass_count']) {
    await db.schema.alterTable('production_batches').addColumn(column, 'integer', int0).execute();
  }
  for (const table of ['report_daily_stats', 'report_daily_slices']) {
    for (const column of ['second_passes', 'last_passes']) {
      await db.schema.alterTable(table).addColumn(column, 'integer', int0).execute();
    }
  }
  await backfillPassYields(db);
}

/**
 * The new figures of the reports already stored. Exported for the test that checks it against
 * ingestion (tests/api/pass-yields.test.ts); it only sets, so running it twice changes nothing.
 */
export async function backfillPassYields(db: Kysely<any>): Promise<void> {

  await sql`
    update devices set pass_attempt = (
      select count(*) from device_reports r
      where r.device_id = devices.id
        and r.id <= (select min(p.id) from device_reports p where p.device_id = devices.id and p.result = 'pass'))
    where exists (select 1 from device_reports p where p.device_id = devices.id and p.result = 'pass')`.execute(db);

  await sql`
    update production_batches set
      second_pass_count = (select count(*) from devices d
        where d.production_batch_id = production_batches.id and d.pass_attempt <= 2),
      last_pass_count = (select count(*) from devices d
        where d.production_batch_id = production_batches.id and d.report_count > 0 and d.status in ('passed', 'released'))
    where tested_count > 0`.execute(db);

  // Per slice of the boards' first reports; report_daily_stats is the same summed over jig and profile.
  const rows = await sql<{
    project_id: number;
    production_batch_id: number;
    day: string;
    enclosure_id: number;
    test_profile: string;
    test_profile_version: string;
    second_passes: number | string;
    last_passes: number | string;
  }>`
    select r.project_id, r.production_batch_id, substr(r.finished_at, 1, 10) as day,
      coalesce(r.enclosure_id, 0) as enclosure_id, coalesce(r.test_profile, '') as test_profile,
      coalesce(r.test_profile_version, '') as test_profile_version,
      sum(case when d.pass_attempt <= 2 then 1 else 0 end) as second_passes,
      sum(case when d.status in ('passed', 'released') then 1 else 0 end) as last_passes
    from (select min(id) as id from device_reports group by device_id) f
    join device_reports r on r.id = f.id
    join devices d on d.id = r.device_id
    group by r.project_id, r.production_batch_id, substr(r.finished_at, 1, 10), coalesce(r.enclosure_id, 0),
      coalesce(r.test_profile, ''), coalesce(r.test_profile_version, '')`.execute(db);
  const daily = new Map<string, { project_id: number; production_batch_id: number; day: string; second: number; last: number }>();
  for (const r of rows.rows) {
    const second = Number(r.second_passes);
    const last = Number(r.last_passes);
    if (second === 0 && last === 0) continue;
    await db
      .updateTable('report_daily_slices')
      .set({ second_passes: second, last_passes: last })
      .where('project_id', '=', r.project_id)
      .where('production_batch_id', '=', r.production_batch_id)
      .where('day', '=', r.day)
      .where('enclosure_id', '=', r.enclosure_id)
      .where('test_profile', '=', r.test_profile)
      .where('test_profile_version', '=', r.test_profile_version)
      .execute();
    const key = `${r.project_id}:${r.production_batch_id}:${r.day}`;
    const sum = daily.get(key) ?? { project_id: r.project_id, production_batch_id: r.production_batch_id, day: r.day, second: 0, last: 0 };
    sum.second += second;
    sum.last += last;
    daily.set(key, sum);
  }
  for (const d of daily.values()) {
    await db
      .updateTable('report_daily_stats')
      .set({ second_passes: d.second, last_passes: d.last })
      .where('project_id', '=', d.project_id)
      .where('production_batch_id', '=', d.production_batch_id)
      .where('day', '=', d.day)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['report_daily_stats', 'report_daily_slices']) {
    for (const column of ['second_passes', 'last_passes']) await db.schema.alterTable(table).dropColumn(column).execute();
  }
  for (const column of ['second_pass_count', 'last_pass_count']) {
    await db.schema.alterTable('production_batches').dropColumn(column).execute();
  }
  await db.schema.alterTable('devices').dropColumn('pass_attempt').execute();
}
