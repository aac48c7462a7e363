import { sql, type Kysely } from 'kysely';
import { addDays, todayUtc } from '../../../contract/cartridges';
import { CPK_DAYS, FALSE_FAIL_DAYS } from '../../../contract/alerts';
import { MAX_READINESS_JIGS } from '../../../contract/readiness';
import { toCount } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { readinessJigs } from '../../store/readiness';
import { fixtureHealth } from '../fixture-health';
import { readinessOfJigs } from '../readiness';
import { recentViolations } from '../run-rules';
import { stepStatistics } from '../step-statistics';

/**
 * Every figure the alert rules judge comes through here, and nowhere else: when the statistics
 * behind a figure change (aggregates, capability, run rules), this file is the one to change.
 * The evaluator takes these as a parameter, so a test hands in its own.
 */
export type AlertSources = {
  /** The project's last `boards` boards first tested (newest first by board): how many, and how many passed their first run. */
  firstPassYield(db: Kysely<DB>, projectId: number, boards: number): Promise<{ boards: number; first_passes: number }>;
  /** Each step's Cpk on each active profile of the project over the CPK_DAYS up to `now` (null: not measurable). */
  stepCapabilities(db: Kysely<DB>, projectId: number, now: Date): Promise<StepCapability[]>;
  /** The run-rule violations among the newest runs of the active profiles' run charts. */
  runRuleViolations(db: Kysely<DB>, projectId: number): Promise<RunRuleViolation[]>;
  /** Each jig's false fails over runs of the project's boards in the days up to `now`. */
  falseFailRates(db: Kysely<DB>, companyId: number, projectId: number, now: Date): Promise<JigFalseFails[]>;
  /** Readiness of the jigs set to the project (or of `jigId`, when it is the company's and set to it). */
  jigReadiness(db: Kysely<DB>, companyId: number, projectId: number, now: Date): Promise<JigReadiness[]>;
  /** Cartridges the project tests with whose calibration falls due on or before `until` (a UTC day), never calibrated included. */
  calibrationsDue(db: Kysely<DB>, projectId: number, until: string): Promise<CalibrationDue[]>;
};

export type StepCapability = { profile_id: number; profile: string; step: string; cpk: number | null; from: string };
export type RunRuleViolation = { profile_id: number; step: string; report_id: number; rule: number; finished_at: string };
export type JigFalseFails = { jig_id: number; setting_id: number | null; name: string; runs: number; false_fails: number; rate: number | null };
export type JigReadiness = { jig_id: number; setting_id: number | null; name: string; ready: boolean; problems: string[] };
export type CalibrationDue = { cartridge_id: number; serial: string; due_at: string | null };

async function activeProfiles(db: Kysely<DB>, projectId: number) {
  return db.selectFrom('test_profiles').select(['id', 'name', 'version']).where('project_id', '=', projectId).where('status', '=', 'active').orderBy('id').execute();
}

/**
 * Boards in id order are boards in the order they were first seen, which for a jig-made board
 * is its first test: the newest N tested walk the (project_id, id) index backwards.
 */
async function firstPassYield(db: Kysely<DB>, projectId: number, boards: number) {
  const last = db
    .selectFrom('devices')
    .select('first_pass')
    .where('project_id', '=', projectId)
    .where('first_pass', 'is not', null)
    .orderBy('id', 'desc')
    .limit(boards)
    .as('last');
  const row = await db
    .selectFrom(last)
    .select((eb) => [eb.fn.countAll().as('boards'), sql<number | string | null>`sum(${sql.ref('last.first_pass')})`.as('first_passes')])
    .executeTakeFirst();
  return { boards: toCount(row?.boards), first_passes: toCount(row?.first_passes) };
}

/**
 * The process as it runs lately (the last CPK_DAYS of the active version), so a capability that
 * recovers clears its alert: over all history one bad month would hold it open for a year.
 */
async function stepCapabilities(db: Kysely<DB>, projectId: number, now: Date): Promise<StepCapability[]> {
  const to = todayUtc(now);
  const from = addDays(to, -(CPK_DAYS - 1));
  const out: StepCapability[] = [];
  for (const profile of await activeProfiles(db, projectId)) {
    const { data } = await stepStatistics(db, profile.id, { from, to, versions: 'this' });
    for (const s of data) out.push({ profile_id: profile.id, profile: `${profile.name} ${profile.version}`, step: s.name, cpk: s.all.cpk, from });
  }
  return out;
}

/** What each active profile's violations list shows: its steps' violations among its newest runs, by the profile's rules. */
async function runRuleViolations(db: Kysely<DB>, projectId: number): Promise<RunRuleViolation[]> {
  const out: RunRuleViolation[] = [];
  for (const profile of await activeProfiles(db, projectId)) {
    const { data } = await recentViolations(db, profile.id);
    for (const step of data) {
      for (const v of step.violations) out.push({ profile_id: profile.id, step: v.step, report_id: v.report_id, rule: v.rule, finished_at: v.finished_at });
    }
  }
  return out;
}

async function falseFailRates(db: Kysely<DB>, companyId: number, projectId: number, now: Date): Promise<JigFalseFails[]> {
  const to = todayUtc(now);
  const health = await fixtureHealth(db, companyId, { from: addDays(to, -(FALSE_FAIL_DAYS - 1)), to, project_id: projectId, by: 'jig', bucket: 'day' });
  return health.groups
    .filter((g) => g.key !== 0)
    .map((g) => ({ jig_id: g.key, setting_id: g.setting_id, name: g.name, runs: g.runs, false_fails: g.false_fails, rate: g.false_fail_rate }));
}

async function jigReadiness(db: Kysely<DB>, companyId: number, projectId: number, now: Date): Promise<JigReadiness[]> {
  const jigs = (await readinessJigs(db, companyId, undefined, MAX_READINESS_JIGS)).filter((j) => j.project_id === projectId);
  const judged = await readinessOfJigs(db, jigs, now);
  return jigs.map((j) => {
    const r = judged.get(j.id)!;
    return { jig_id: j.id, setting_id: j.setting_id, name: j.name, ready: r.ready, problems: r.problems.map((p) => p.words) };
  });
}

/** The project's own cassettes, and the cassettes in the jigs set to it (its company's settings). */
async function calibrationsDue(db: Kysely<DB>, projectId: number, until: string): Promise<CalibrationDue[]> {
  const rows = await db
    .selectFrom('cartridges as c')
    .select(['c.id as cartridge_id', 'c.serial', 'c.calibration_due_at as due_at'])
    .where((eb) =>
      eb.or([
        eb('c.cassette_id', 'in', eb.selectFrom('project_cassettes').select('cassette_id').where('project_id', '=', projectId)),
        eb(
          'c.cassette_id',
          'in',
          eb
            .selectFrom('cassettes as k')
            .innerJoin('enclosures as e', 'e.id', 'k.enclosure_id')
            .innerJoin('enclosure_settings as s', (join) => join.onRef('s.enclosure_id', '=', 'e.id').onRef('s.company_id', '=', 'e.company_id'))
            .select('k.id')
            .where('s.project_id', '=', projectId),
        ),
      ]),
    )
    .where((eb) => eb.or([eb('c.calibration_due_at', 'is', null), eb('c.calibration_due_at', '<=', until)]))
    .orderBy('c.serial')
    .execute();
  return rows;
}

export const alertSources: AlertSources = { firstPassYield, stepCapabilities, runRuleViolations, falseFailRates, jigReadiness, calibrationsDue };
