import type { Kysely } from 'kysely';
import type { Station, StationJigChoice, StationReport } from '../../contract/station';
import type { DB } from '../db/schema';
import { notFound } from '../http/errors';
import type { StationJig } from '../store/station-scans';
import { findJigReport, newestJigReport } from '../store/station-reports';
import { activeProfileOf, jigContact, listStationJigs, openBatchOf } from '../store/stations';
import { OFFLINE_AFTER_MS, readinessOfJig } from './readiness';
import { toStationReport } from './station-reports';

/** A jig not heard from for this long is offline: its reports would not reach the station. */
export const STATION_OFFLINE_MS = OFFLINE_AFTER_MS;

/** `GET /v1/stations`: the company's jigs a station can stand at. */
export async function stationJigs(db: Kysely<DB>, companyId: number): Promise<StationJigChoice[]> {
  return listStationJigs(db, companyId);
}

/**
 * `GET /v1/stations/{jig_id}`: what the station shows about its jig, and whether the jig is fit
 * to test by the one readiness rule (services/readiness.ts), each problem in words.
 */
export async function stationOf(db: Kysely<DB>, jig: StationJig, now = new Date()): Promise<Station> {
  const [contact, batch, profile, readiness, last] = await Promise.all([
    jigContact(db, jig.id),
    jig.project_id === null ? undefined : openBatchOf(db, jig.project_id),
    jig.project_id === null ? undefined : activeProfileOf(db, jig.project_id),
    readinessOfJig(db, jig.company_id, jig.id, now),
    newestJigReport(db, jig),
  ]);
  return {
    jig: { id: jig.id, name: jig.name, registered_name: contact.registered_name, last_seen_at: contact.last_seen_at },
    project: jig.project_id === null ? null : { id: jig.project_id, name: jig.project_name ?? '' },
    production_batch: batch ?? null,
    profile: profile ?? null,
    fit: { ok: readiness?.ready ?? false, problems: readiness?.problems ?? [] },
    last_report: last ? toStationReport(last) : null,
  };
}

/** `GET /v1/stations/{jig_id}/reports/{report_id}`: a report of this jig; another jig's is a 404. */
export async function stationReport(db: Kysely<DB>, jig: StationJig, reportId: number): Promise<StationReport> {
  const row = await findJigReport(db, jig, reportId);
  if (!row) throw notFound('There is no such report of this jig.');
  return toStationReport(row);
}
