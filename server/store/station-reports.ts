import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import './station-scans';

/** A jig's stored run as the station reads it (services/station-reports.ts makes a StationReport of it). */
export type StationReportRow = {
  id: number;
  enclosure_id: number;
  device_id: number;
  serial: string;
  result: string;
  /** JSON array of contract ReportStep. */
  steps: string;
  finished_at: string;
  created_at: string;
  out_of_policy: string | null;
  operator_id: number | null;
  fixture_id: number | null;
};

function selectStationReports(db: Kysely<DB>) {
  return db
    .selectFrom('device_reports as r')
    .innerJoin('devices as d', 'd.id', 'r.device_id')
    .select(['r.id', 'r.device_id', 'd.serial', 'r.result', 'r.steps', 'r.finished_at', 'r.created_at', 'r.out_of_policy', 'r.operator_id', 'r.fixture_id'])
    .select(sql<number>`r.enclosure_id`.as('enclosure_id'));
}

/** A jig as its reports are read: its id and its present company (a report sent for an earlier company is not this one's to read). */
type JigOf = { id: number; company_id: number };

/** The jig's report of this id; undefined when it is no report of this jig for its company. */
export async function findJigReport(db: Kysely<DB>, jig: JigOf, reportId: number): Promise<StationReportRow | undefined> {
  return selectStationReports(db).where('r.id', '=', reportId).where('r.enclosure_id', '=', jig.id).where('r.company_id', '=', jig.company_id).executeTakeFirst();
}

/** The jig's newest run for its company: by when it finished, which device_reports_enclosure finds without walking the jig's runs. */
export async function newestJigReport(db: Kysely<DB>, jig: JigOf): Promise<StationReportRow | undefined> {
  return selectStationReports(db)
    .where('r.enclosure_id', '=', jig.id)
    .where('r.company_id', '=', jig.company_id)
    .orderBy('r.finished_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The board's newest report at the jig, if it was stored at or after `since`. */
export async function newestBoardReportAtJig(db: Kysely<DB>, jigId: number, deviceId: number, since: string): Promise<StationReportRow | undefined> {
  return selectStationReports(db)
    .where('r.device_id', '=', deviceId)
    .where('r.enclosure_id', '=', jigId)
    .where('r.created_at', '>=', since)
    .orderBy('r.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The board's newest failing run (fail or error), if any: what a repair sent from its page names. */
export async function newestFailingReport(db: Kysely<DB>, deviceId: number): Promise<StationReportRow | undefined> {
  return selectStationReports(db).where('r.device_id', '=', deviceId).where('r.result', 'in', ['fail', 'error']).orderBy('r.id', 'desc').limit(1).executeTakeFirst();
}

/** Any report by id (a scan's run). */
export async function findReportById(db: Kysely<DB>, reportId: number): Promise<StationReportRow | undefined> {
  return selectStationReports(db).where('r.id', '=', reportId).executeTakeFirst();
}

/**
 * Records the operator on a run that no scan led to yet; false when one did meanwhile (another
 * station's scan, or the run's own ingestion): the condition is the claim, so two never both win.
 */
export async function claimReportForOperator(db: Kysely<DB>, reportId: number, operatorId: number): Promise<boolean> {
  const result = await db
    .updateTable('device_reports')
    .set({ operator_id: operatorId })
    .where('id', '=', reportId)
    .where('operator_id', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('station_scans').select('station_scans.id').where('station_scans.report_id', '=', reportId))))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
