import { countedReport } from './counted-reports';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf, toCount } from '../db/dialect';
import type { DB } from '../db/schema';
import './enclosure-settings';
import './repair-tables';

/**
 * The false-fail rule (contract/fixture-health.ts) in the database, on both SQLite and
 * PostgreSQL: the range's failing runs at the company's jigs (device_reports_enclosure_fails, a
 * range per jig), each failing board's runs in order (device_reports_device) with LEAD giving
 * the next attempt, and an EXISTS over the board's repairs (repairs_device) for a repair between.
 * Times are ISO texts, compared as such; `from` is the range's first moment, `until` the moment
 * after its last day.
 */
export type HealthRange = { company_id: number; from: string; until: string; project_id?: number; enclosure_id?: number };

/**
 * The one place that says which stored runs count as attempts, as a condition on the alias
 * `r` of device_reports: out of policy or not (see the contract), but never a held or discarded
 * run (it counts nowhere until released) nor a golden unit's (it tests the jig, not a board).
 */
export const countedRuns = (r: string): RawBuilder<unknown> => countedReport(r);

/** The range's jig, or the company's jigs (its own and those it has settings for). */
export function atJigs(range: HealthRange, column: RawBuilder<unknown>): RawBuilder<unknown> {
  if (range.enclosure_id !== undefined) return sql`${column} = ${range.enclosure_id}`;
  return sql`${column} in (select id from enclosures where company_id = ${range.company_id}
    union select enclosure_id from enclosure_settings where company_id = ${range.company_id})`;
}

/**
 * The joins a split needs on `r` to find its key (a run's cartridges: one row per cartridge, so
 * a run may have several keys); none for a key read off the run itself.
 */
export type KeyJoin = (r: string) => RawBuilder<unknown>;
const noJoin: KeyJoin = () => sql``;

/**
 * One row per failing run of the range and key: its id, its group `key` (what `key` says of
 * `r`), its finish, and `false_fail` 1 or 0. A CTE body for the figures below.
 */
function judgedFails(range: HealthRange, key: (r: string) => RawBuilder<number>, join: KeyJoin = noJoin): RawBuilder<unknown> {
  const project = range.project_id !== undefined ? sql`and r.project_id = ${range.project_id}` : sql``;
  return sql`
    fails as (
      select r.id, r.device_id, r.finished_at, ${key('r')} as key
      from device_reports r ${join('r')}
      where ${atJigs(range, sql.ref('r.enclosure_id'))} and r.result = 'fail'
        and r.finished_at >= ${range.from} and r.finished_at < ${range.until}
        and r.company_id = ${range.company_id} ${project} and ${countedRuns('r')}
    ),
    attempts as (
      select r.id,
        lead(r.result) over (partition by r.device_id order by r.finished_at, r.id) as next_result,
        lead(r.finished_at) over (partition by r.device_id order by r.finished_at, r.id) as next_finished_at
      from device_reports r
      where r.device_id in (select device_id from fails) and ${countedRuns('r')}
    ),
    judged as (
      select f.id, f.key, f.finished_at,
        case when a.next_result = 'pass' and not exists (
          select 1 from repairs p where p.device_id = f.device_id and (
            (p.sent_at >= f.finished_at and p.sent_at <= a.next_finished_at)
            or (p.repaired_at >= f.finished_at and p.repaired_at <= a.next_finished_at))
        ) then 1 else 0 end as false_fail
      from fails f join attempts a on a.id = f.id
    )`;
}

export type JudgedFail = { id: number; key: number; false_fail: boolean };

/** Every failing run of the range with its verdict: for tests against the rule's oracle. */
export async function judgedFailRows(db: Kysely<DB>, range: HealthRange, key: (r: string) => RawBuilder<number>, join?: KeyJoin): Promise<JudgedFail[]> {
  const { rows } = await sql<Record<string, unknown>>`with ${judgedFails(range, key, join)} select id, key, false_fail from judged order by id, key`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), key: Number(r.key), false_fail: Number(r.false_fail) === 1 }));
}

/** Fails and false fails per group and UTC day of the failing run. */
export async function falseFailsByDay(db: Kysely<DB>, range: HealthRange, key: (r: string) => RawBuilder<number>, join?: KeyJoin) {
  const { rows } = await sql<Record<string, unknown>>`
    with ${judgedFails(range, key, join)}
    select key, substr(finished_at, 1, 10) as day, count(*) as fails, sum(false_fail) as false_fails
    from judged group by key, substr(finished_at, 1, 10)`.execute(db);
  return rows.map((r) => ({ key: Number(r.key), day: String(r.day), fails: toCount(r.fails as number), false_fails: toCount(r.false_fails as number) }));
}

/** Per group, the steps that failed in its false-failing runs, each run once per step. */
export async function falseFailingSteps(db: Kysely<DB>, range: HealthRange, key: (r: string) => RawBuilder<number>, join?: KeyJoin) {
  const failedSteps =
    dialectOf(db) === 'postgres'
      ? sql`select j.key, s.value ->> 'name' as step, j.id from judged j join device_reports r on r.id = j.id
          cross join lateral jsonb_array_elements(r.steps::jsonb) s(value)
          where j.false_fail = 1 and jsonb_typeof(s.value) = 'object' and (s.value -> 'pass') = 'false'::jsonb and jsonb_typeof(s.value -> 'name') = 'string'`
      : sql`select j.key, json_extract(s.value, '$.name') as step, j.id from judged j join device_reports r on r.id = j.id, json_each(r.steps) s
          where j.false_fail = 1 and json_type(s.value) = 'object' and json_type(s.value, '$.pass') = 'false' and json_type(s.value, '$.name') = 'text'`;
  const { rows } = await sql<Record<string, unknown>>`
    with ${judgedFails(range, key, join)}
    select key, step, count(distinct id) as false_fails from (${failedSteps}) f group by key, step`.execute(db);
  return rows.map((r) => ({ key: Number(r.key), step: String(r.step), false_fails: toCount(r.false_fails as number) }));
}

/** The range's company, days, project and jig on a daily slice table (report_daily_slices, step_failure_daily_slices). */
function sliced<Q extends { where: (...args: never[]) => Q }>(q: Q, range: HealthRange, from: string, to: string): Q {
  let query = (q as unknown as AnySlices).where('company_id', '=', range.company_id).where('day', '>=', from).where('day', '<=', to).where('enclosure_id', '>', 0);
  if (range.project_id !== undefined) query = query.where('project_id', '=', range.project_id);
  if (range.enclosure_id !== undefined) query = query.where('enclosure_id', '=', range.enclosure_id);
  return query as unknown as Q;
}
type AnySlices = ReturnType<typeof reportSlices>;
const reportSlices = (db: Kysely<DB>) => db.selectFrom('report_daily_slices');

/** Runs, fails and first tests per jig and day, from the tallies ingestion keeps (never the reports). */
export async function jigRunsByDay(db: Kysely<DB>, range: HealthRange, from: string, to: string) {
  const rows = await sliced(reportSlices(db), range, from, to)
    .groupBy(['enclosure_id', 'day'])
    .select((eb) => [
      'enclosure_id',
      'day',
      eb.fn.sum('reports').as('runs'),
      eb.fn.sum('failed').as('failed'),
      eb.fn.sum('first_tests').as('first_tests'),
      eb.fn.sum('first_passes').as('first_passes'),
    ])
    .execute();
  return rows.map((r) => ({
    key: r.enclosure_id,
    day: r.day,
    runs: toCount(r.runs as number),
    failed: toCount(r.failed as number),
    first_tests: toCount(r.first_tests as number),
    first_passes: toCount(r.first_passes as number),
  }));
}

/** Failing runs per jig and step over the range, from the tallies. */
export async function jigStepFailures(db: Kysely<DB>, range: HealthRange, from: string, to: string) {
  const rows = await sliced(db.selectFrom('step_failure_daily_slices'), range, from, to)
    .groupBy(['enclosure_id', 'step_name'])
    .select((eb) => ['enclosure_id', 'step_name', eb.fn.sum('failures').as('failures')])
    .execute();
  return rows.map((r) => ({ key: r.enclosure_id, step: r.step_name, failures: toCount(r.failures as number) }));
}

/** The jig's newest runs of the range (at most `window`), as a condition on `r` for stepAggregatesOf. */
export function newestRunsOfJig(range: HealthRange & { enclosure_id: number }, window: number): RawBuilder<unknown> {
  const project = range.project_id !== undefined ? sql`and project_id = ${range.project_id}` : sql``;
  return sql`r.id in (select id from device_reports r
    where enclosure_id = ${range.enclosure_id} and finished_at >= ${range.from} and finished_at < ${range.until}
      and company_id = ${range.company_id} ${project} and ${countedRuns('r')}
    order by finished_at desc, id desc limit ${window})`;
}

/** The false-fail verdicts as a CTE body, for figures keyed otherwise (store/pad-health.ts). */
export { judgedFails };
