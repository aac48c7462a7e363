import { z } from 'zod';
import { companyChoiceQuery } from './repairs';
import { statisticsQuery } from './statistics';

/**
 * Fixture health: is a rise in fails the boards' or the fixture's? Its headline is the false
 * fail: a run that failed and whose board passed its next attempt with no repair between.
 *
 * - "Next attempt" is the board's next stored run, ordered by (finished_at, id), on whatever
 *   jig. Every stored run is an attempt, out of policy or not: a run past the attempt limit, or
 *   while the board waits for repair, still touched the fixture, and its result is evidence all
 *   the same. (A repair sent between already makes the fail a real one.)
 * - A repair is "between" when it was sent or completed at or after the fail finished and at or
 *   before the next attempt finished (ties count as between: a doubt is not a false fail).
 * - An error is not a fail, and a fail followed by an error is not a false fail.
 * - Which runs count at all lives in one place (server/store/fixture-health.ts `countedRuns`).
 *
 * fail → pass: a false fail. fail → repair → pass: not. fail → fail → pass: the second fail is
 * a false fail, the first is not (its next attempt failed).
 */

/** One run of a board, as the rule reads it. */
export type Attempt = { id: number; device_id: number; finished_at: string; result: 'pass' | 'fail' | 'error' };
/** One repair of a board: sent, and completed (null while waiting). */
export type RepairSpan = { device_id: number; sent_at: string; repaired_at: string | null };

const byFinish = (a: Attempt, b: Attempt) => (a.finished_at < b.finished_at ? -1 : a.finished_at > b.finished_at ? 1 : a.id - b.id);

/**
 * The rule as a pure function (the oracle the database query is tested against): the ids of
 * the false-failing runs among `attempts`, whatever their order.
 */
export function falseFailIds(attempts: readonly Attempt[], repairs: readonly RepairSpan[]): Set<number> {
  const boards = new Map<number, Attempt[]>();
  for (const a of attempts) boards.set(a.device_id, [...(boards.get(a.device_id) ?? []), a]);
  const result = new Set<number>();
  for (const [device, runs] of boards) {
    runs.sort(byFinish);
    const ofBoard = repairs.filter((r) => r.device_id === device);
    runs.forEach((run, i) => {
      const next = runs[i + 1];
      if (run.result !== 'fail' || next?.result !== 'pass') return;
      const within = (at: string | null) => at !== null && at >= run.finished_at && at <= next.finished_at;
      if (!ofBoard.some((r) => within(r.sent_at) || within(r.repaired_at))) result.add(run.id);
    });
  }
  return result;
}

/**
 * What the figures are split by; the server maps each to how a run finds its key
 * (services/fixture-health-dimensions.ts). A jig and a cassette are one key per run; a run
 * counts once for each cartridge of its fixture under cartridge, calibration age and
 * contact-cycle band (the cartridge's own age and wear), so those groups overlap: the totals
 * and the trend are always per run.
 */
export const FIXTURE_DIMENSIONS = ['jig', 'cassette', 'cartridge', 'calibration_age', 'cycle_band'] as const;
export type FixtureDimension = (typeof FIXTURE_DIMENSIONS)[number];
export const FIXTURE_DIMENSION_LABELS: Record<FixtureDimension, string> = {
  jig: 'Jig',
  cassette: 'Cassette',
  cartridge: 'Cartridge',
  calibration_age: 'Calibration age',
  cycle_band: 'Contact cycles',
};

/**
 * Calibration age bands, in whole days from the calibration the run's fixture recorded to the
 * run's day; each key is the band's first day. A calibration is usually good for a year: the
 * first month is "fresh", drift shows over the months after, and past a year it is overdue
 * whatever its interval said. Key -1: the cartridge had no calibration then.
 */
export const CALIBRATION_AGE_BANDS = [
  { key: 0, name: '0–30 days' },
  { key: 31, name: '31–90 days' },
  { key: 91, name: '91–180 days' },
  { key: 181, name: '181–365 days' },
  { key: 366, name: 'Over a year' },
] as const;
export const NO_CALIBRATION_KEY = -1;

/**
 * Contact-cycle bands: the share of its type's rated probe life a cartridge had used at the run
 * (cycles since its probes were last replaced, the run included), in percent; each key is the
 * band's lowest percentage. 90 and 100 are the cycle status's due soon and overdue
 * (contract/fixtures.ts), so the bands read as the status does. Key -1: the type rates no life.
 */
export const CYCLE_BANDS = [
  { key: 0, name: 'Under 50% of life' },
  { key: 50, name: '50–80% of life' },
  { key: 80, name: '80–90% of life' },
  { key: 90, name: '90–100% of life' },
  { key: 100, name: 'Past its rated life' },
] as const;
export const NO_RATED_LIFE_KEY = -1;

/**
 * `GET /v1/statistics/fixture-health`: the range (30 days to today by default, at most 400), a
 * project, a jig (then the step rows carry that jig's Cpk); a superadmin names the company.
 */
export const fixtureHealthQuery = statisticsQuery
  .pick({ from: true, to: true, project_id: true, enclosure_id: true })
  .extend({
    bucket: z.enum(['day', 'week'], { error: 'bucket is day or week.' }).default('week'),
    by: z.enum(FIXTURE_DIMENSIONS, { error: `by is one of ${FIXTURE_DIMENSIONS.join(', ')}.` }).default('jig'),
  })
  .extend(companyChoiceQuery.shape);
export type FixtureHealthQuery = z.infer<typeof fixtureHealthQuery>;

const ratioField = z.number().nullable();

/** One value of the dimension (a jig): its runs, fails, false fails and first-pass yield. */
export const fixtureGroupSchema = z.object({
  /** The dimension's key: a jig's, cassette's or cartridge's id (0: none), or a band's key (above). */
  key: z.number().int(),
  /**
   * For a jig, the company's name for it (contract/jig-names.ts), and what identifies it (its
   * serial); a cassette's or cartridge's serial and its name or type; a band's name.
   */
  name: z.string(),
  detail: z.string(),
  /** For a jig, the company's settings row that addresses its pages (`/enclosures/{setting_id}`); otherwise null. */
  setting_id: z.number().int().nullable(),
  runs: z.number().int(),
  fails: z.number().int(),
  false_fails: z.number().int(),
  /** false_fails / fails: how many of its fails were the fixture's, likely. */
  false_fail_share: ratioField,
  /** false_fails / runs. */
  false_fail_rate: ratioField,
  first_tests: z.number().int(),
  first_passes: z.number().int(),
  first_pass_yield: ratioField,
});
export type FixtureGroup = z.infer<typeof fixtureGroupSchema>;

/** A step on one value of the dimension: how often it failed there, how many of those were false fails, its Cpk. */
export const fixtureStepSchema = z.object({
  key: z.number().int(),
  step: z.string(),
  /** Runs of the group, and those in which the step failed; pass_rate = 1 − failures / runs. */
  runs: z.number().int(),
  failures: z.number().int(),
  pass_rate: ratioField,
  /** False-failing runs in which this step failed. */
  false_fails: z.number().int(),
  false_fail_share: ratioField,
  /** With `enclosure_id`: Cpk over the jig's newest runs in the range (contract/process-capability.ts). */
  cpk: ratioField,
  level: z.enum(['ok', 'flag', 'alarm', 'wide']).nullable(),
});
export type FixtureStep = z.infer<typeof fixtureStepSchema>;

export const fixtureTrendPointSchema = z.object({
  /** First day of the bucket. */
  date: z.string(),
  runs: z.number().int(),
  fails: z.number().int(),
  false_fails: z.number().int(),
  false_fail_share: ratioField,
});
export type FixtureTrendPoint = z.infer<typeof fixtureTrendPointSchema>;

export const fixtureHealthSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(['day', 'week']),
  by: z.enum(FIXTURE_DIMENSIONS),
  /** The headline: every value of the dimension with runs in the range, most false fails first. */
  groups: z.array(fixtureGroupSchema),
  /** Each step of each group that failed in the range, most false fails first. */
  steps: z.array(fixtureStepSchema),
  trend: z.array(fixtureTrendPointSchema),
  totals: z.object({ runs: z.number().int(), fails: z.number().int(), false_fails: z.number().int(), false_fail_share: ratioField, false_fail_rate: ratioField }),
});
export type FixtureHealth = z.infer<typeof fixtureHealthSchema>;
