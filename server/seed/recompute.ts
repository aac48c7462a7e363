import { countedReport } from '../store/counted-reports';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema';
import { dialectOf } from '../db/dialect';
import { measuresFromReportsSql } from '../services/production/step-measures';

/**
 * Derives every maintained figure from the stored reports, set-based, so data loaded in bulk (the
 * demo seed, the bulk seeder) ends exactly as ingestion (`server/services/production/ingest.ts` with
 * `counters.ts`) would have left it, had the reports been posted one by one in id order:
 *
 * - devices: report_count; first_pass (1 when the first stored report, lowest id, passed);
 *   pass_attempt (the rank, in id order, of the first report that passed);
 *   last_result and tested_at (result and finished_at of the last stored report); status from
 *   the last report that was not an `error` (an error says nothing about the board: without
 *   one the board stays untested), released and scrapped kept as they are (decisions, not
 *   test results);
 * - production batches: devices by status, tested (devices with a report), first passes, second
 *   passes (pass_attempt <= 2), last passes (tested and standing passed or released), reports;
 * - projects: device_count;
 * - report_daily_stats (first_tests: the devices' first reports, which also carry the devices'
 *   second and last passes), step_failure_daily (each
 *   failing step name once per report), their slices by jig and test profile
 *   (report_daily_slices, step_failure_daily_slices), the boards that failed each step
 *   (device_step_failures), enclosure_daily_stats, and enclosures.last_seen_at
 *   (the newest finished_at, never moved back), and the steps' measurement aggregates
 *   (step_measure_daily: each step's values per day, batch, jig and profile version).
 *
 * Days are the UTC date of finished_at. Without a scope everything is recomputed; with one, only
 * those projects (and the enclosures that reported into them, plus any named).
 */
/**
 * A group's report counts, in the column order of report_daily_stats and its slices: runs,
 * passed, failed, errored, first tests (`rn = 1`: a board's first report), first passes, and of
 * those boards the second passes and last passes (from the devices, derived first).
 */
const REPORT_COUNTS = sql`count(*),
        sum(case when result = 'pass' then 1 else 0 end),
        sum(case when result = 'fail' then 1 else 0 end),
        sum(case when result = 'error' then 1 else 0 end),
        sum(case when rn = 1 then 1 else 0 end),
        sum(case when rn = 1 and result = 'pass' then 1 else 0 end),
        sum(case when rn = 1 and pass_attempt <= 2 then 1 else 0 end),
        sum(case when rn = 1 and report_count > 0 and status in ('passed', 'released') then 1 else 0 end)`;

/**
 * The reports that count: held ones (until released), discarded ones and golden units' runs
 * count nowhere (contract/readiness.ts); a jig's last sight still reads them all.
 */
const COUNTED = sql`held is null and golden is null`;
const COUNTED_R = countedReport('r');

export type RecomputeScope = {
  projectIds?: number[];
  /** Enclosures whose daily stats to rebuild besides those with reports in the projects. */
  enclosureIds?: number[];
  /**
   * false: the step measures are left as they are, for a caller that adds what changed itself
   * (they do not depend on the order runs came in). Rebuilding them reads every value of every
   * run: 150 s of the 180 a project of a million boards takes on SQLite.
   */
  measures?: boolean;
};

export type RecomputeTimings = Record<string, number>;

export async function recompute(db: Kysely<DB>, scope: RecomputeScope = {}): Promise<RecomputeTimings> {
  const pg = dialectOf(db) === 'postgres';
  const timings: RecomputeTimings = {};
  const timed = async (name: string, run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    timings[name] = Math.round(performance.now() - t0);
  };
  const projects = scope.projectIds;
  if (projects && projects.length === 0 && !scope.enclosureIds?.length) return timings;
  const ids = (list: number[]) => sql.join(list.map((id) => sql.lit(Math.trunc(id))));
  /** `and <column> in (scope)`, or nothing when unscoped. */
  const inProjects = (column: string): RawBuilder<unknown> =>
    projects ? sql`and ${sql.ref(column)} in (${projects.length ? ids(projects) : sql`null`})` : sql``;
  const day = (column: string) => sql`substr(${sql.ref(column)}, 1, 10)`;

  await timed('devices', async () => {
    // Devices with reports: one pass over the reports, ranked per device both ways.
    await sql`
      update devices set
        report_count = s.n,
        first_pass = s.first_pass,
        pass_attempt = s.pass_attempt,
        last_result = s.last_result,
        tested_at = s.tested_at,
        status = case
          when devices.status in ('released', 'scrapped') then devices.status
          when s.decisive = 'pass' then 'passed'
          when s.decisive = 'fail' then 'failed'
          else 'untested' end
      from (
        select device_id,
          count(*) as n,
          max(case when rn_first = 1 then (case when result = 'pass' then 1 else 0 end) end) as first_pass,
          min(case when result = 'pass' then rn_first end) as pass_attempt,
          max(case when rn_last = 1 then result end) as last_result,
          max(case when rn_last = 1 then finished_at end) as tested_at,
          max(case when rn_decisive = 1 and result <> 'error' then result end) as decisive
        from (
          select device_id, result, finished_at,
            row_number() over (partition by device_id order by id) as rn_first,
            row_number() over (partition by device_id order by id desc) as rn_last,
            row_number() over (partition by device_id order by case when result = 'error' then 1 else 0 end, id desc) as rn_decisive
          from device_reports
          where ${COUNTED} ${inProjects('project_id')}
        ) ranked
        group by device_id
      ) s
      where devices.id = s.device_id`.execute(db);
    // Devices without reports (none after a plain load; some after reports were deleted).
    const noReports = pg
      ? sql`not exists (select 1 from device_reports r where r.device_id = devices.id and ${COUNTED})`
      : sql`devices.id not in (select device_id from device_reports where ${COUNTED})`;
    await sql`
      update devices set report_count = 0, first_pass = null, pass_attempt = null, last_result = null, tested_at = null,
        status = case when status in ('released', 'scrapped') then status else 'untested' end
      where (report_count <> 0 or first_pass is not null or pass_attempt is not null or last_result is not null or tested_at is not null
             or status in ('passed', 'failed'))
        ${inProjects('project_id')}
        and ${noReports}`.execute(db);
  });

  await timed('batches', async () => {
    const batchScope = projects ? sql`where project_id in (${projects.length ? ids(projects) : sql`null`})` : sql``;
    await sql`
      update production_batches set device_count = 0, untested_count = 0, passed_count = 0, failed_count = 0,
        released_count = 0, scrapped_count = 0, tested_count = 0, first_pass_count = 0, second_pass_count = 0,
        last_pass_count = 0, report_count = 0
      ${batchScope}`.execute(db);
    await sql`
      update production_batches set
        device_count = s.devices, untested_count = s.untested, passed_count = s.passed, failed_count = s.failed,
        released_count = s.released, scrapped_count = s.scrapped, tested_count = s.tested,
        first_pass_count = s.first_passes, second_pass_count = s.second_passes, last_pass_count = s.last_passes,
        report_count = s.reports
      from (
        select production_batch_id,
          count(*) as devices,
          sum(case when status = 'untested' then 1 else 0 end) as untested,
          sum(case when status = 'passed' then 1 else 0 end) as passed,
          sum(case when status = 'failed' then 1 else 0 end) as failed,
          sum(case when status = 'released' then 1 else 0 end) as released,
          sum(case when status = 'scrapped' then 1 else 0 end) as scrapped,
          sum(case when report_count > 0 then 1 else 0 end) as tested,
          sum(case when first_pass = 1 then 1 else 0 end) as first_passes,
          sum(case when pass_attempt <= 2 then 1 else 0 end) as second_passes,
          sum(case when report_count > 0 and status in ('passed', 'released') then 1 else 0 end) as last_passes,
          sum(report_count) as reports
        from devices
        where 1 = 1 ${inProjects('project_id')}
        group by production_batch_id
      ) s
      where production_batches.id = s.production_batch_id`.execute(db);
    await sql`
      update projects set device_count = (select count(*) from devices where devices.project_id = projects.id)
      ${projects ? sql`where id in (${projects.length ? ids(projects) : sql`null`})` : sql``}`.execute(db);
  });

  await timed('report_daily_stats', async () => {
    await sql`delete from report_daily_stats where 1 = 1 ${inProjects('project_id')}`.execute(db);
    await sql`
      insert into report_daily_stats
        (company_id, project_id, production_batch_id, day, reports, passed, failed, errors, first_tests, first_passes,
         second_passes, last_passes)
      select company_id, project_id, production_batch_id, day,
        ${REPORT_COUNTS}
      from (
        select r.company_id, r.project_id, r.production_batch_id, ${day('r.finished_at')} as day, r.result,
          d.pass_attempt, d.report_count, d.status,
          row_number() over (partition by r.device_id order by r.id) as rn
        from device_reports r join devices d on d.id = r.device_id
        where ${COUNTED_R} ${inProjects('r.project_id')}
      ) r
      group by company_id, project_id, production_batch_id, day`.execute(db);
  });

  await timed('report_daily_slices', async () => {
    await sql`delete from report_daily_slices where 1 = 1 ${inProjects('project_id')}`.execute(db);
    await sql`
      insert into report_daily_slices
        (company_id, project_id, production_batch_id, day, enclosure_id, test_profile, test_profile_version,
         reports, passed, failed, errors, first_tests, first_passes, second_passes, last_passes)
      select company_id, project_id, production_batch_id, day, enclosure_id, test_profile, test_profile_version,
        ${REPORT_COUNTS}
      from (
        select r.company_id, r.project_id, r.production_batch_id, ${day('r.finished_at')} as day,
          coalesce(r.enclosure_id, 0) as enclosure_id, coalesce(r.test_profile, '') as test_profile,
          coalesce(r.test_profile_version, '') as test_profile_version, r.result,
          d.pass_attempt, d.report_count, d.status,
          row_number() over (partition by r.device_id order by r.id) as rn
        from device_reports r join devices d on d.id = r.device_id
        where ${COUNTED_R} ${inProjects('r.project_id')}
      ) r
      group by company_id, project_id, production_batch_id, day, enclosure_id, test_profile, test_profile_version`.execute(db);
  });

  await timed('step_failure_daily', async () => {
    await sql`delete from step_failure_daily where 1 = 1 ${inProjects('project_id')}`.execute(db);
    const dimensions = sql`r.device_id, coalesce(r.enclosure_id, 0) as enclosure_id, coalesce(r.test_profile, '') as test_profile,
          coalesce(r.test_profile_version, '') as test_profile_version`;
    // Only reports with a failing step need their steps opened.
    const failingSteps = pg
      ? sql`
        select r.id, r.company_id, r.project_id, r.production_batch_id, ${day('r.finished_at')} as day, ${dimensions},
          s.value ->> 'name' as step_name
        from device_reports r cross join lateral jsonb_array_elements(r.steps::jsonb) s(value)
        where r.failed_step_count > 0 and ${COUNTED_R} ${inProjects('r.project_id')} and (s.value ->> 'pass') = 'false'`
      : sql`
        select r.id, r.company_id, r.project_id, r.production_batch_id, ${day('r.finished_at')} as day, ${dimensions},
          json_extract(s.value, '$.name') as step_name
        from device_reports r, json_each(r.steps) s
        where r.failed_step_count > 0 and ${COUNTED_R} ${inProjects('r.project_id')} and json_extract(s.value, '$.pass') = 0`;
    await sql`
      insert into step_failure_daily (company_id, project_id, day, step_name, failures)
      select company_id, project_id, day, step_name, count(distinct id)
      from (${failingSteps}) f
      group by company_id, project_id, day, step_name`.execute(db);
    // The same failing runs, per batch, jig and profile, from the same rows.
    await sql`delete from step_failure_daily_slices where 1 = 1 ${inProjects('project_id')}`.execute(db);
    await sql`
      insert into step_failure_daily_slices
        (company_id, project_id, production_batch_id, day, enclosure_id, test_profile, test_profile_version, step_name, failures)
      select company_id, project_id, production_batch_id, day, enclosure_id, test_profile, test_profile_version, step_name, count(distinct id)
      from (${failingSteps}) f
      group by company_id, project_id, production_batch_id, day, enclosure_id, test_profile, test_profile_version, step_name`.execute(db);
    await sql`delete from device_step_failures where 1 = 1 ${inProjects('project_id')}`.execute(db);
    await sql`
      insert into device_step_failures (project_id, step_name, device_id)
      select distinct project_id, step_name, device_id from (${failingSteps}) f`.execute(db);
  });

  if (scope.measures !== false) await timed('step_measure_daily', async () => {
    await sql`delete from step_measure_daily where 1 = 1 ${inProjects('project_id')}`.execute(db);
    await measuresFromReportsSql(db, sql`1 = 1 ${inProjects('r.project_id')}`).execute(db);
  });

  await timed('enclosure_daily_stats', async () => {
    let enclosures: number[] | undefined;
    if (projects) {
      const rows = await sql<{ enclosure_id: number }>`
        select distinct enclosure_id from device_reports
        where enclosure_id is not null ${inProjects('project_id')}`.execute(db);
      enclosures = [...new Set([...rows.rows.map((r) => Number(r.enclosure_id)), ...(scope.enclosureIds ?? [])])];
      if (enclosures.length === 0) return;
    }
    const inEnclosures = (column: string) =>
      enclosures ? sql`and ${sql.ref(column)} in (${ids(enclosures)})` : sql``;
    await sql`delete from enclosure_daily_stats where 1 = 1 ${inEnclosures('enclosure_id')}`.execute(db);
    await sql`
      insert into enclosure_daily_stats (enclosure_id, company_id, day, reports)
      select enclosure_id, max(company_id), ${day('finished_at')} as day, count(*)
      from device_reports
      where enclosure_id is not null and ${COUNTED} ${inEnclosures('enclosure_id')}
      group by enclosure_id, ${day('finished_at')}`.execute(db);
    await sql`
      update enclosures set last_seen_at = ${pg ? sql`greatest(enclosures.last_seen_at, s.latest)` : sql`max(coalesce(enclosures.last_seen_at, ''), s.latest)`}
      from (
        select enclosure_id, max(finished_at) as latest from device_reports
        where enclosure_id is not null ${inEnclosures('enclosure_id')}
        group by enclosure_id
      ) s
      where enclosures.id = s.enclosure_id`.execute(db);
  });
  return timings;
}
