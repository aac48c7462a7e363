import { countedReport } from './counted-reports';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { dialectOf, toCount } from '../db/dialect';
import type { DB } from '../db/schema';
import './enclosure-settings';
import './repair-tables';
import './station-scans';

/**
 * The repair figures, each one statement over an indexed range:
 * - repairs by project and time (repairs_project_status, repairs_project_repaired), the project
 *   being the one asked for or each of the company's (`project_id in (…)`, an index range each);
 * - runs and scans by jig and time (device_reports_enclosure, station_scans_jig_time), the jig
 *   being the one asked for or each of the company's: the company's jigs are where its boards
 *   are tested, and a run or scan is found through the jig it was at;
 * - a repaired board's first run after the repair through the board's runs (device_reports_device).
 * Times are ISO texts, compared as such on both databases: `from` is the range's first moment,
 * `until` the moment after its last day.
 */
export type RepairRange = { company_id: number; from: string; until: string; project_id?: number; enclosure_id?: number };

/** Repairs of the range's projects (and jig, when asked for one). */
function repairsOf(db: Kysely<DB>, range: RepairRange) {
  let query = db.selectFrom('repairs').where('repairs.company_id', '=', range.company_id);
  query =
    range.project_id !== undefined
      ? query.where('repairs.project_id', '=', range.project_id)
      : query.where('repairs.project_id', 'in', db.selectFrom('projects').select('id').where('company_id', '=', range.company_id));
  if (range.enclosure_id !== undefined) query = query.where('repairs.enclosure_id', '=', range.enclosure_id);
  return query;
}

/** The range's jig, or the company's jigs (its own and those it has settings for): what runs and scans are found through. */
function atJigs(db: Kysely<DB>, range: RepairRange, column: 'device_reports.enclosure_id' | 'station_scans.enclosure_id'): Expression<SqlBool> {
  if (range.enclosure_id !== undefined) return sql<SqlBool>`${sql.ref(column)} = ${range.enclosure_id}`;
  const jigs = db
    .selectFrom('enclosures')
    .select('id')
    .where('company_id', '=', range.company_id)
    .union(db.selectFrom('enclosure_settings').select('enclosure_id as id').where('company_id', '=', range.company_id));
  return sql<SqlBool>`${sql.ref(column)} in (${jigs})`;
}

/** Completed repairs in the range by failure code, most first. */
export async function paretoOfCodes(db: Kysely<DB>, range: RepairRange) {
  const rows = await repairsOf(db, range)
    .innerJoin('failure_codes', 'failure_codes.id', 'repairs.failure_code_id')
    .where('repairs.repaired_at', '>=', range.from)
    .where('repairs.repaired_at', '<', range.until)
    .where('repairs.status', 'in', ['repaired', 'scrapped'])
    .groupBy(['failure_codes.id', 'failure_codes.code', 'failure_codes.description'])
    .select(['failure_codes.id', 'failure_codes.code', 'failure_codes.description'])
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .execute();
  return rows
    .map((r) => ({ failure_code_id: r.id, code: r.code, description: r.description, count: toCount(r.n) }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}

/** Distinct boards sent to repair in the range (the three statuses named, so the project's status index serves). */
export async function boardsSentToRepair(db: Kysely<DB>, range: RepairRange): Promise<number> {
  const row = await repairsOf(db, range)
    .where('repairs.status', 'in', ['waiting', 'repaired', 'scrapped'])
    .where('repairs.sent_at', '>=', range.from)
    .where('repairs.sent_at', '<', range.until)
    .select(sql<number | string>`count(distinct repairs.device_id)`.as('n'))
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** Boards waiting for repair now, whenever sent. */
export async function waitingNow(db: Kysely<DB>, range: RepairRange): Promise<number> {
  const row = await repairsOf(db, range)
    .where('repairs.status', '=', 'waiting')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/**
 * Repairs done in the range with the board repaired: whether the board ran since, and whether
 * its first run after the repair passed (the board's runs, by its index, after `repaired_at`).
 */
export async function firstRunsAfterRepair(db: Kysely<DB>, range: RepairRange): Promise<{ retested: number; passed: number }> {
  const firstResult = sql<string | null>`(select dr.result from device_reports dr
    where dr.device_id = repairs.device_id and dr.created_at > repairs.repaired_at and ${countedReport('dr')}
    order by dr.created_at, dr.id limit 1)`;
  const rows = await repairsOf(db, range)
    .where('repairs.status', '=', 'repaired')
    .where('repairs.repaired_at', '>=', range.from)
    .where('repairs.repaired_at', '<', range.until)
    .select(firstResult.as('first_result'))
    .execute();
  return { retested: rows.filter((r) => r.first_result !== null).length, passed: rows.filter((r) => r.first_result === 'pass').length };
}

/** Hours from sent to done of each repair completed in the range, shortest first. */
export async function hoursInRepair(db: Kysely<DB>, range: RepairRange): Promise<number[]> {
  const hours =
    dialectOf(db) === 'postgres'
      ? sql<number | string>`extract(epoch from (repairs.repaired_at::timestamptz - repairs.sent_at::timestamptz)) / 3600.0`
      : sql<number | string>`(julianday(repairs.repaired_at) - julianday(repairs.sent_at)) * 24.0`;
  const rows = await repairsOf(db, range)
    .where('repairs.status', 'in', ['repaired', 'scrapped'])
    .where('repairs.repaired_at', '>=', range.from)
    .where('repairs.repaired_at', '<', range.until)
    .select(hours.as('hours'))
    .orderBy(hours)
    .execute();
  return rows.map((r) => Number(r.hours));
}

export type OperatorTally = { operator_id: number | null; scans: number; runs: number; passes: number; fails: number; sent_to_repair: number; out_of_policy_runs: number };

/** The range's runs per operator (a run no scan led to has none), through device_reports_enclosure. */
export function operatorRuns(db: Kysely<DB>, range: RepairRange) {
  let runs = db
    .selectFrom('device_reports')
    .where('device_reports.company_id', '=', range.company_id)
    .where(atJigs(db, range, 'device_reports.enclosure_id'))
    .where('device_reports.finished_at', '>=', range.from)
    .where('device_reports.finished_at', '<', range.until)
    .where(countedReport())
    .groupBy('device_reports.operator_id')
    .select('device_reports.operator_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('runs'),
      sql<number | string>`sum(case when device_reports.result = 'pass' then 1 else 0 end)`.as('passes'),
      sql<number | string>`sum(case when device_reports.result = 'fail' then 1 else 0 end)`.as('fails'),
      sql<number | string>`sum(case when device_reports.out_of_policy is not null then 1 else 0 end)`.as('out_of_policy_runs'),
    ]);
  if (range.project_id !== undefined) runs = runs.where('device_reports.project_id', '=', range.project_id);
  return runs;
}

/** The range's scans per operator, through station_scans_jig_time. */
export function operatorScans(db: Kysely<DB>, range: RepairRange) {
  let scans = db
    .selectFrom('station_scans')
    .where('station_scans.company_id', '=', range.company_id)
    .where(atJigs(db, range, 'station_scans.enclosure_id'))
    .where('station_scans.scanned_at', '>=', range.from)
    .where('station_scans.scanned_at', '<', range.until)
    .groupBy('station_scans.operator_id')
    .select('station_scans.operator_id')
    .select((eb) => eb.fn.countAll<number | string>().as('scans'));
  if (range.project_id !== undefined) scans = scans.where('station_scans.project_id', '=', range.project_id);
  return scans;
}

/** The range's repairs sent per sender, through repairs_project_status (each status named). */
export function repairsSent(db: Kysely<DB>, range: RepairRange) {
  return repairsOf(db, range)
    .where('repairs.status', 'in', ['waiting', 'repaired', 'scrapped'])
    .where('repairs.sent_at', '>=', range.from)
    .where('repairs.sent_at', '<', range.until)
    .groupBy('repairs.sent_by')
    .select('repairs.sent_by as operator_id')
    .select((eb) => eb.fn.countAll<number | string>().as('sent'));
}

/** Per operator: their runs, scans and repairs sent in the range. */
export async function tallyByOperator(db: Kysely<DB>, range: RepairRange): Promise<OperatorTally[]> {
  const [runRows, scanRows, sentRows] = await Promise.all([operatorRuns(db, range).execute(), operatorScans(db, range).execute(), repairsSent(db, range).execute()]);
  const tallies = new Map<number | null, OperatorTally>();
  const of = (id: number | null) => {
    let tally = tallies.get(id);
    if (!tally) tallies.set(id, (tally = { operator_id: id, scans: 0, runs: 0, passes: 0, fails: 0, sent_to_repair: 0, out_of_policy_runs: 0 }));
    return tally;
  };
  for (const r of runRows) {
    Object.assign(of(r.operator_id), { runs: toCount(r.runs), passes: toCount(r.passes), fails: toCount(r.fails), out_of_policy_runs: toCount(r.out_of_policy_runs) });
  }
  for (const s of scanRows) of(s.operator_id).scans = toCount(s.scans);
  for (const s of sentRows) of(s.operator_id).sent_to_repair = toCount(s.sent);
  return [...tallies.values()];
}

/** Distinct boards with a run in the range, found like the runs above (through the jigs). */
export async function boardsTested(db: Kysely<DB>, range: RepairRange): Promise<number> {
  let query = db
    .selectFrom('device_reports')
    .where('device_reports.company_id', '=', range.company_id)
    .where(atJigs(db, range, 'device_reports.enclosure_id'))
    .where('device_reports.finished_at', '>=', range.from)
    .where('device_reports.finished_at', '<', range.until)
    .select(sql<number | string>`count(distinct device_reports.device_id)`.as('n'));
  if (range.project_id !== undefined) query = query.where('device_reports.project_id', '=', range.project_id);
  return toCount((await query.executeTakeFirstOrThrow()).n);
}

export async function userNames(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}
