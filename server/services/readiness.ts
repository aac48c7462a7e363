import type { Kysely } from 'kysely';
import { todayUtc } from '../../contract/cartridges';
import { cassetteDifference, compareCassette } from '../../contract/cassette-match';
import { MAX_READINESS_JIGS, type JigReadiness, type Readiness, type ReadinessProblem } from '../../contract/readiness';
import type { DB } from '../db/schema';
import { configuredContents, heldContents, NOTHING } from '../store/cassette-contents';
import {
  cassettesInJigs,
  goldenRules,
  newestFirmwareVersion,
  newestGoldenRuns,
  overdueInCassettes,
  pastCycleLimitsInCassettes,
  projectsWithActiveProfile,
  readinessJigs,
  type ReadinessJig,
} from '../store/readiness';

/** A jig not heard from for this long is offline: its reports would not reach the station. */
export const OFFLINE_AFTER_MS = 10 * 60_000;

export type JigWithReadiness = ReadinessJig & Readiness;

/**
 * Fit to test for a page of jigs, in a bounded number of statements whatever the page (about
 * nine): the jigs with their project, the active profiles, the cassettes, their overdue
 * cartridges (calibration, cycle limits), what the projects ask for and the cassettes hold, the newest enclosure update,
 * the projects' golden rules and each jig's newest golden answer. Each reason in words
 * (contract/readiness.ts), in the order the floor fixes them.
 */
export async function readinessOfJigs(db: Kysely<DB>, jigs: ReadinessJig[], now = new Date()): Promise<Map<number, JigWithReadiness>> {
  const projectIds = [...new Set(jigs.flatMap((j) => (j.project_id === null ? [] : [j.project_id])))];
  const [active, cassettes, configured, firmware, golden, goldenRuns] = await Promise.all([
    projectsWithActiveProfile(db, projectIds),
    cassettesInJigs(db, jigs.map((j) => j.id)),
    configuredContents(db, projectIds),
    newestFirmwareVersion(db),
    goldenRules(db, projectIds),
    newestGoldenRuns(db, jigs.flatMap((j) => (j.project_id === null ? [] : [{ id: j.id, project_id: j.project_id }]))),
  ]);
  const cassetteIds = cassettes.map((c) => c.id);
  const [overdue, held, pastLimits] = await Promise.all([
    overdueInCassettes(db, cassetteIds, todayUtc(now)),
    heldContents(db, cassetteIds),
    pastCycleLimitsInCassettes(db, cassetteIds),
  ]);

  const answer = new Map<number, JigWithReadiness>();
  for (const jig of jigs) {
    const problems: ReadinessProblem[] = [];
    const inJig = cassettes.filter((c) => c.enclosure_id === jig.id);
    if (jig.project_id === null) {
      problems.push({ code: 'no_project', words: `Jig “${jig.name}” tests no project: an engineer chooses its project in the jig's settings.` });
    } else {
      if (!active.has(jig.project_id)) problems.push({ code: 'no_active_profile', words: `Project “${jig.project_name}” has no active test profile: an engineer activates one.` });
      const asks = configured.get(jig.project_id) ?? NOTHING;
      if (inJig.length === 0) {
        if (asks.modules.length > 0 || asks.cartridges.length > 0) problems.push({ code: 'cassette_mismatch', words: `No cassette is in jig “${jig.name}”, but project “${jig.project_name}” needs one.` });
      }
      for (const cassette of inJig) {
        const match = compareCassette(asks, held.get(cassette.id) ?? NOTHING);
        if (!match.matches) problems.push({ code: 'cassette_mismatch', words: `Cassette “${cassette.serial}” does not hold what project “${jig.project_name}” needs at ${cassetteDifference(match)}.` });
      }
    }
    const late = overdue.filter((c) => inJig.some((k) => k.id === c.cassette_id));
    if (late.length) {
      const names = late.map((c) => `“${c.serial}”${c.bay === null ? '' : ` (bay ${c.bay})`}`).join(', ');
      problems.push({ code: 'calibration_overdue', words: `Calibration overdue: cartridge${late.length === 1 ? '' : 's'} ${names}. Have ${late.length === 1 ? 'it' : 'them'} calibrated before testing.` });
    }
    const worn = pastLimits.filter((c) => inJig.some((k) => k.id === c.cassette_id));
    if (worn.length) {
      const names = worn.map((c) => {
        const life = c.cycles.life_status === 'overdue';
        const cleaning = c.cycles.cleaning_status === 'overdue';
        return `“${c.serial}”${c.bay === null ? '' : ` (bay ${c.bay})`} is due ${life && cleaning ? 'new probes and a cleaning' : life ? 'new probes' : 'a cleaning'}`;
      });
      problems.push({ code: 'cycle_limits', words: `Past its cycle limits: cartridge ${names.join('; cartridge ')}. Record the maintenance once done.` });
    }
    if (firmware !== null && jig.firmware_version !== firmware) {
      problems.push({
        code: 'firmware_outdated',
        words: `Jig “${jig.name}” does not run the newest enclosure update${jig.firmware_version ? ` (it runs ${jig.firmware_version.slice(0, 12)}…)` : ''}: let it fetch the update.`,
      });
    }
    const rule = jig.project_id === null ? undefined : golden.get(jig.project_id);
    if (rule && rule.units > 0) problems.push(...goldenProblems(jig, rule.window_hours, goldenRuns.get(jig.id), now));
    const offlineSince = new Date(now.getTime() - OFFLINE_AFTER_MS).toISOString();
    if (jig.last_seen_at === null || jig.last_seen_at < offlineSince) {
      problems.push({
        code: 'offline',
        words:
          jig.last_seen_at === null
            ? `Jig “${jig.name}” has never been heard from: check that it is on and connected.`
            : `Jig “${jig.name}” has not been heard from since ${jig.last_seen_at.slice(0, 16).replace('T', ' ')} UTC: check that it is on and connected.`,
      });
    }
    answer.set(jig.id, { ...jig, ready: problems.length === 0, problems });
  }
  return answer;
}

/** The golden rule: the jig's newest golden answer for its project is right, and within the window. */
function goldenProblems(jig: ReadinessJig, windowHours: number, run: { golden: string; finished_at: string; serial: string } | undefined, now: Date): ReadinessProblem[] {
  const since = new Date(now.getTime() - windowHours * 3_600_000).toISOString();
  const at = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
  if (run?.golden === 'wrong') {
    return [{ code: 'golden_wrong', words: `Golden unit “${run.serial}” gave the wrong answer on jig “${jig.name}” at ${at(run.finished_at)}: check the fixture, then test a golden unit again.` }];
  }
  if (!run || new Date(run.finished_at).toISOString() < since) {
    return [{ code: 'golden_missing', words: `No golden unit gave its answer on jig “${jig.name}” in the last ${windowHours} hour${windowHours === 1 ? '' : 's'}: test one of project “${jig.project_name}”'s golden units.` }];
  }
  return [];
}

/** One jig's readiness (the station, the jig's page). */
export async function readinessOfJig(db: Kysely<DB>, companyId: number, jigId: number, now = new Date()): Promise<JigWithReadiness | undefined> {
  const jigs = await readinessJigs(db, companyId, [jigId], 1);
  return (await readinessOfJigs(db, jigs, now)).get(jigId);
}

/** `GET /v1/jig-readiness`: the company's jigs (these ids, or all up to MAX_READINESS_JIGS), ready or not. */
export async function companyReadiness(db: Kysely<DB>, companyId: number, ids: number[] | undefined, onlyNotReady: boolean, now = new Date()): Promise<JigReadiness[]> {
  const jigs = await readinessJigs(db, companyId, ids, MAX_READINESS_JIGS);
  const found = await readinessOfJigs(db, jigs, now);
  return jigs
    .map((j) => found.get(j.id)!)
    .filter((j) => !onlyNotReady || !j.ready)
    .map((j) => ({ jig_id: j.id, setting_id: j.setting_id, name: j.name, project_name: j.project_name, ready: j.ready, problems: j.problems }));
}
