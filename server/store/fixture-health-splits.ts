import { sql, type Kysely, type RawBuilder } from 'kysely';
import { CALIBRATION_AGE_BANDS, CYCLE_BANDS, NO_CALIBRATION_KEY, NO_RATED_LIFE_KEY } from '../../contract/fixture-health';
import { dialectOf, toCount, type DialectName } from '../db/dialect';
import type { DB } from '../db/schema';
import { atJigs, countedRuns, type HealthRange, type KeyJoin } from './fixture-health';
import './fixtures';

/**
 * The splits of fixture health that no daily tally keeps (cassette, cartridge, calibration age,
 * contact-cycle band): their runs, first tests and step failures are counted over the range's
 * runs with the same key and joins as the false fails (store/fixture-health.ts), so the
 * denominators and the false fails always agree on what a group is.
 */

type Key = (r: string) => RawBuilder<number>;

function rangeRuns(range: HealthRange, key: Key, join: KeyJoin): RawBuilder<unknown> {
  const project = range.project_id !== undefined ? sql`and r.project_id = ${range.project_id}` : sql``;
  return sql`select r.id, r.device_id, r.result, r.failed_step_count, r.finished_at, ${key('r')} as key
    from device_reports r ${join('r')}
    where ${atJigs(range, sql.ref('r.enclosure_id'))}
      and r.finished_at >= ${range.from} and r.finished_at < ${range.until}
      and r.company_id = ${range.company_id} ${project} and ${countedRuns('r')}`;
}

/**
 * Runs, fails, first tests and first passes per key and UTC day. A board's first test is its
 * first counted report, as the daily tallies count it (services/production/slices.ts).
 */
export async function countedRunsByDay(db: Kysely<DB>, range: HealthRange, key: Key, join: KeyJoin) {
  const { rows } = await sql<Record<string, unknown>>`
    with runs as (${rangeRuns(range, key, join)}),
    firsts as (
      select x.id, x.key, x.result, x.finished_at,
        case when not exists (select 1 from device_reports p where p.device_id = x.device_id and p.id < x.id and ${countedRuns('p')}) then 1 else 0 end as first_test
      from runs x
    )
    select key, substr(finished_at, 1, 10) as day, count(*) as runs,
      sum(case when result = 'fail' then 1 else 0 end) as failed,
      sum(first_test) as first_tests,
      sum(case when first_test = 1 and result = 'pass' then 1 else 0 end) as first_passes
    from firsts group by key, substr(finished_at, 1, 10)`.execute(db);
  return rows.map((r) => ({
    key: Number(r.key),
    day: String(r.day),
    runs: toCount(r.runs as number),
    failed: toCount(r.failed as number),
    first_tests: toCount(r.first_tests as number),
    first_passes: toCount(r.first_passes as number),
  }));
}

/** Per key, the runs of the range in which each step failed (each run once per step). */
export async function countedStepFailures(db: Kysely<DB>, range: HealthRange, key: Key, join: KeyJoin) {
  const failedSteps =
    dialectOf(db) === 'postgres'
      ? sql`select x.key, s.value ->> 'name' as step, x.id from runs x join device_reports r on r.id = x.id
          cross join lateral jsonb_array_elements(r.steps::jsonb) s(value)
          where x.failed_step_count > 0 and jsonb_typeof(s.value) = 'object' and (s.value -> 'pass') = 'false'::jsonb and jsonb_typeof(s.value -> 'name') = 'string'`
      : sql`select x.key, json_extract(s.value, '$.name') as step, x.id from runs x join device_reports r on r.id = x.id, json_each(r.steps) s
          where x.failed_step_count > 0 and json_type(s.value) = 'object' and json_type(s.value, '$.pass') = 'false' and json_type(s.value, '$.name') = 'text'`;
  const { rows } = await sql<Record<string, unknown>>`
    with runs as (${rangeRuns(range, key, join)})
    select key, step, count(distinct id) as failures from (${failedSteps}) f group by key, step`.execute(db);
  return rows.map((r) => ({ key: Number(r.key), step: String(r.step), failures: toCount(r.failures as number) }));
}

// Keys and joins

/** A run's cassette: its fixture's (0 for a run with no fixture recorded). */
export const cassetteKey: Key = (r) =>
  sql<number>`coalesce((select f.cassette_id from fixtures f where f.id = ${sql.ref(`${r}.fixture_id`)}), 0)`;

/** One row per cartridge of the run's fixture, as `fc` (a run with no fixture has none). */
export const cartridgeJoin: KeyJoin = (r) => sql`join fixture_cartridges fc on fc.fixture_id = ${sql.ref(`${r}.fixture_id`)}`;
export const cartridgeKey: Key = () => sql<number>`fc.cartridge_id`;

/** A `case` giving the key of the band `value` falls in (bands by their lowest value, ascending). */
function bandOf(value: RawBuilder<number>, bands: readonly { key: number }[]): RawBuilder<number> {
  const whens = [...bands].reverse().map((b) => sql`when ${value} >= ${b.key} then ${b.key}`);
  return sql<number>`case ${sql.join(whens, sql` `)} else ${bands[0].key} end`;
}

/**
 * The age in days, at the run's day, of the calibration the run's fixture recorded for the
 * cartridge `fc` (the one whose due date it kept; the newest such if several share it).
 */
export function calibrationAgeKey(dialect: DialectName): Key {
  return (r) => {
    const day = sql`substr(${sql.ref(`${r}.finished_at`)}, 1, 10)`;
    const calibrated = sql`(select max(c.calibrated_at) from calibrations c
      where c.cartridge_id = fc.cartridge_id and c.due_at = fc.calibration_due_at and c.calibrated_at <= ${day})`;
    const age =
      dialect === 'postgres'
        ? sql<number>`(cast(${day} as date) - cast(${calibrated} as date))`
        : sql<number>`cast(julianday(${day}) - julianday(${calibrated}) as integer)`;
    return sql<number>`case when ${calibrated} is null then ${NO_CALIBRATION_KEY} else ${bandOf(age, CALIBRATION_AGE_BANDS)} end`;
  };
}

/**
 * The cartridges' cycle at each run, as `cyc` beside `fc`: the run's number among every stored
 * report whose fixture held the cartridge, in the order ingestion counted them (report id), so
 * the last one equals the kept counter (the same recount, contact-cycles.ts). Only the
 * cartridges of the range's jigs are numbered, and a run's cycle is read once per query: a
 * count over the cartridge's life, not a stored figure, so no column needs to be kept right.
 */
export function cycleJoin(range: HealthRange): KeyJoin {
  return (r) => sql`${cartridgeJoin(r)}
    join (
      select fc2.cartridge_id, r2.id as report_id,
        row_number() over (partition by fc2.cartridge_id order by r2.id) as cycle
      from fixture_cartridges fc2 join device_reports r2 on r2.fixture_id = fc2.fixture_id
      where fc2.fixture_id in (select f2.id from fixtures f2 where ${atJigs(range, sql.ref('f2.enclosure_id'))})
    ) cyc on cyc.report_id = ${sql.ref(`${r}.id`)} and cyc.cartridge_id = fc.cartridge_id`;
}

/**
 * The band of the share of rated probe life used at the run: cycles since the last probe change
 * recorded before it (cartridge_maintenance keeps the counter's value then), over the type's
 * rated life.
 */
export const cycleBandKey: Key = () => {
  const changedAt = sql`coalesce((select max(m.contact_cycles) from cartridge_maintenance m
    where m.cartridge_id = fc.cartridge_id and m.kind = 'probes_replaced' and m.contact_cycles < cyc.cycle), 0)`;
  const rated = sql`(select t.rated_probe_life_cycles from cartridges c join cartridge_types t on t.id = c.cartridge_type_id where c.id = fc.cartridge_id)`;
  const percent = sql<number>`((cyc.cycle - ${changedAt}) * 100 / ${rated})`;
  return sql<number>`case when coalesce(${rated}, 0) <= 0 then ${NO_RATED_LIFE_KEY} else ${bandOf(percent, CYCLE_BANDS)} end`;
};

// One cartridge

/** The runs of fixtures that held this cartridge, as `fc`. */
export const oneCartridgeJoin =
  (cartridgeId: number): KeyJoin =>
  (r) =>
    sql`join fixture_cartridges fc on fc.fixture_id = ${sql.ref(`${r}.fixture_id`)} and fc.cartridge_id = ${cartridgeId}`;

/**
 * The cartridge's runs numbered by contact cycle, as `cyc` (the same numbering as the kept
 * counter, cycleJoin), for its trend over cycles: one cartridge's life, read through
 * fixture_cartridges_cartridge and device_reports_fixture.
 */
export const cartridgeCyclesJoin =
  (cartridgeId: number): KeyJoin =>
  (r) =>
    sql`join (
      select r2.id as report_id, row_number() over (order by r2.id) as cycle
      from fixture_cartridges fc2 join device_reports r2 on r2.fixture_id = fc2.fixture_id
      where fc2.cartridge_id = ${cartridgeId}
    ) cyc on cyc.report_id = ${sql.ref(`${r}.id`)}`;

/** The cycle bucket of a run numbered by `cyc`: 0 for cycles 1…size, 1 for the next, and so on. */
export const cycleBucketKey =
  (size: number): Key =>
  () =>
    // A bound number may arrive as a float (SQLite): cast, so the division is a whole one.
    sql<number>`((cyc.cycle - 1) / cast(${size} as integer))`;
