import type { Kysely } from 'kysely';
import { todayUtc } from '../../contract/cartridges';
import { cassetteDifference, compareCassette } from '../../contract/cassette-match';
import type { FitnessCode, Station, StationJigChoice, StationReport } from '../../contract/station';
import type { DB } from '../db/schema';
import { notFound } from '../http/errors';
import { configuredContents, heldContents, NOTHING } from '../store/cassette-contents';
import type { StationJig } from '../store/station-scans';
import { findJigReport, newestJigReport } from '../store/station-reports';
import { activeProfileOf, cassettesInJig, jigContact, listStationJigs, openBatchOf, overdueCartridges } from '../store/stations';
import { toStationReport } from './station-reports';

/** A jig not heard from for this long is offline: its reports would not reach the station. */
export const STATION_OFFLINE_MS = 10 * 60_000;

/** `GET /v1/stations`: the company's jigs a station can stand at. */
export async function stationJigs(db: Kysely<DB>, companyId: number): Promise<StationJigChoice[]> {
  return listStationJigs(db, companyId);
}

type Problem = { code: FitnessCode; words: string };

/**
 * `GET /v1/stations/{jig_id}`: what the station shows about its jig, and whether the jig is fit
 * to test, each problem in words: no project, no active profile, a cassette that does not hold
 * what the project's configuration asks for (compareCassette, as the project's cassettes are
 * judged), a cartridge in it overdue for calibration, the jig not heard from lately.
 */
export async function stationOf(db: Kysely<DB>, jig: StationJig, now = new Date()): Promise<Station> {
  const [contact, batch, profile, cassettes, last] = await Promise.all([
    jigContact(db, jig.id),
    jig.project_id === null ? undefined : openBatchOf(db, jig.project_id),
    jig.project_id === null ? undefined : activeProfileOf(db, jig.project_id),
    cassettesInJig(db, jig.id),
    newestJigReport(db, jig),
  ]);
  const problems: Problem[] = [];
  if (jig.project_id === null) {
    problems.push({ code: 'no_project', words: `Jig “${jig.name}” tests no project: an engineer chooses its project in the jig's settings.` });
  } else {
    if (!profile) problems.push({ code: 'no_active_profile', words: `Project “${jig.project_name}” has no active test profile: an engineer activates one.` });
    problems.push(...(await cassetteProblems(db, jig, cassettes)));
  }
  const overdue = await overdueCartridges(db, cassettes.map((c) => c.id), todayUtc(now));
  if (overdue.length) {
    const names = overdue.map((c) => `“${c.serial}”${c.bay === null ? '' : ` (bay ${c.bay})`}`).join(', ');
    problems.push({ code: 'calibration_overdue', words: `Calibration overdue: cartridge${overdue.length === 1 ? '' : 's'} ${names}. Have ${overdue.length === 1 ? 'it' : 'them'} calibrated before testing.` });
  }
  const offlineSince = new Date(now.getTime() - STATION_OFFLINE_MS).toISOString();
  if (contact.last_seen_at === null || contact.last_seen_at < offlineSince) {
    problems.push({
      code: 'offline',
      words:
        contact.last_seen_at === null
          ? `Jig “${jig.name}” has never been heard from: check that it is on and connected.`
          : `Jig “${jig.name}” has not been heard from since ${contact.last_seen_at.slice(0, 16).replace('T', ' ')} UTC: check that it is on and connected.`,
    });
  }
  return {
    jig: { id: jig.id, name: jig.name, registered_name: contact.registered_name, last_seen_at: contact.last_seen_at },
    project: jig.project_id === null ? null : { id: jig.project_id, name: jig.project_name ?? '' },
    production_batch: batch ?? null,
    profile: profile ?? null,
    fit: { ok: problems.length === 0, problems },
    last_report: last ? toStationReport(last) : null,
  };
}

/** The jig's cassette against the project's configuration: none when one is asked for, or one that holds other types. */
async function cassetteProblems(db: Kysely<DB>, jig: StationJig, cassettes: { id: number; serial: string }[]): Promise<Problem[]> {
  const projectId = jig.project_id!;
  const configured = (await configuredContents(db, [projectId])).get(projectId) ?? NOTHING;
  if (cassettes.length === 0) {
    const needsOne = configured.modules.length > 0 || configured.cartridges.length > 0;
    return needsOne ? [{ code: 'cassette_mismatch', words: `No cassette is in jig “${jig.name}”, but project “${jig.project_name}” needs one.` }] : [];
  }
  const held = await heldContents(db, cassettes.map((c) => c.id));
  return cassettes.flatMap((cassette) => {
    const match = compareCassette(configured, held.get(cassette.id) ?? NOTHING);
    return match.matches
      ? []
      : [{ code: 'cassette_mismatch' as const, words: `Cassette “${cassette.serial}” does not hold what project “${jig.project_name}” needs at ${cassetteDifference(match)}.` }];
  });
}

/** `GET /v1/stations/{jig_id}/reports/{report_id}`: a report of this jig; another jig's is a 404. */
export async function stationReport(db: Kysely<DB>, jig: StationJig, reportId: number): Promise<StationReport> {
  const row = await findJigReport(db, jig, reportId);
  if (!row) throw notFound('There is no such report of this jig.');
  return toStationReport(row);
}
