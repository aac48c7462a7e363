import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf, toCount } from '../db/dialect';
import type { DB } from '../db/schema';
import { countedRuns, judgedFails, type HealthRange } from './fixture-health';
import { companyJigName } from './jig-names';
import './fixtures';

/**
 * Where on the board a project fails (contract/pad-health.ts): the range's failing runs with
 * their false-fail verdict (the one rule, store/fixture-health.ts), kept to a cartridge's
 * fixtures when asked, their failing steps read from the report's JSON, each step led to the pad
 * groups its profile version's step of that name measures (or, when that version names none,
 * any of the project's profiles' steps of that name), all in one statement on either database.
 * Only failing runs are read; the runs come from the tallies (or, for a cartridge, a count over
 * its fixtures' reports, an index range).
 */
export type PadRange = HealthRange & { project_id: number; cartridge_id?: number };

/** The reports of fixtures that held the cartridge, as a condition on `r`. */
const ofCartridge = (range: PadRange): RawBuilder<unknown> =>
  range.cartridge_id === undefined ? sql`` : sql`and r.fixture_id in (select fixture_id from fixture_cartridges where cartridge_id = ${range.cartridge_id})`;

export type PadFailureRow = { kind: 'group' | 'step' | 'board' | 'total' | 'placed'; group_id: number | null; step: string | null; device_id: number | null; at: string | null; fails: number; false_fails: number };

export async function padFailures(db: Kysely<DB>, range: PadRange, boardsPerGroup: number): Promise<PadFailureRow[]> {
  const pg = dialectOf(db) === 'postgres';
  const stepName = pg ? sql`s.value ->> 'name'` : sql`json_extract(s.value, '$.name')`;
  const expand = pg ? sql`cross join lateral jsonb_array_elements(r.steps::jsonb) s(value)` : sql`, json_each(r.steps) s`;
  const failing = pg
    ? sql`jsonb_typeof(s.value) = 'object' and (s.value -> 'pass') = 'false'::jsonb and jsonb_typeof(s.value -> 'name') = 'string'`
    : sql`json_type(s.value) = 'object' and json_type(s.value, '$.pass') = 'false' and json_type(s.value, '$.name') = 'text'`;
  const { rows } = await sql<Record<string, unknown>>`
    with ${judgedFails(range, () => sql<number>`0`)},
    kept as (
      select j.id, j.false_fail, r.device_id, r.finished_at, r.test_profile_id
      from judged j join device_reports r on r.id = j.id
      where 1 = 1 ${ofCartridge(range)}
    ),
    failed_steps as (
      select distinct k.id, k.false_fail, k.device_id, k.finished_at, k.test_profile_id, ${stepName} as step
      from kept k join device_reports r on r.id = k.id ${expand}
      where ${failing}
    ),
    links as (
      select distinct c.test_profile_id as profile_id, c.name as step, tr.test_pad_group_id as group_id
      from test_configuration_resources l
      join test_configurations c on c.id = l.test_configuration_id
      join test_profiles p on p.id = c.test_profile_id
      join test_resources tr on tr.id = l.test_resource_id
      where p.project_id = ${range.project_id} and tr.test_pad_group_id is not null
    ),
    mapped as (
      select distinct f.id, f.false_fail, f.device_id, f.finished_at, l.group_id
      from failed_steps f join links l on l.step = f.step and (l.profile_id = f.test_profile_id
        or not exists (select 1 from links o where o.profile_id = f.test_profile_id and o.step = f.step))
    ),
    boards as (
      select group_id, device_id, max(finished_at) as last_at, count(*) as fails, sum(false_fail) as false_fails,
        row_number() over (partition by group_id order by max(finished_at) desc, device_id desc) as rn
      from mapped group by group_id, device_id
    )
    select 'group' as kind, group_id, cast(null as text) as step, cast(null as integer) as device_id, cast(null as text) as at,
      count(*) as fails, sum(false_fail) as false_fails
    from mapped group by group_id
    union all
    select 'step', null, step, null, null, count(distinct id), count(distinct case when false_fail = 1 then id end)
    from failed_steps group by step
    union all
    select 'board', group_id, null, device_id, last_at, fails, false_fails from boards where rn <= ${boardsPerGroup}
    union all
    select 'total', null, null, null, null, count(*), coalesce(sum(false_fail), 0) from kept
    union all
    select 'placed', null, null, null, null, count(distinct id), count(distinct case when false_fail = 1 then id end) from mapped`.execute(db);
  return rows.map((r) => ({
    kind: r.kind as PadFailureRow['kind'],
    group_id: r.group_id === null ? null : Number(r.group_id),
    step: r.step === null ? null : String(r.step),
    device_id: r.device_id === null ? null : Number(r.device_id),
    at: r.at === null ? null : String(r.at),
    fails: toCount(r.fails as number),
    false_fails: toCount(r.false_fails as number),
  }));
}

/** Counted runs of the project at the filter: from the daily tallies, or, for a cartridge, its fixtures' reports. */
export async function padRuns(db: Kysely<DB>, range: PadRange, from: string, to: string): Promise<number> {
  if (range.cartridge_id !== undefined) {
    const jig = range.enclosure_id !== undefined ? sql`and r.enclosure_id = ${range.enclosure_id}` : sql``;
    const { rows } = await sql<{ runs: number }>`
      select count(*) as runs from device_reports r
      where r.project_id = ${range.project_id} and r.company_id = ${range.company_id}
        and r.finished_at >= ${range.from} and r.finished_at < ${range.until} and r.enclosure_id > 0
        ${jig} ${ofCartridge(range)} and ${countedRuns('r')}`.execute(db);
    return toCount(rows[0]?.runs ?? 0);
  }
  let query = db
    .selectFrom('report_daily_slices')
    .where('company_id', '=', range.company_id)
    .where('project_id', '=', range.project_id)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('enclosure_id', '>', 0);
  if (range.enclosure_id !== undefined) query = query.where('enclosure_id', '=', range.enclosure_id);
  const row = await query.select((eb) => eb.fn.sum('reports').as('runs')).executeTakeFirst();
  return toCount((row?.runs ?? 0) as number);
}

/** Every (step name, pad group) a step of the project's profiles measures. */
export function measuredGroups(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('test_configuration_resources as l')
    .innerJoin('test_configurations as c', 'c.id', 'l.test_configuration_id')
    .innerJoin('test_profiles as p', 'p.id', 'c.test_profile_id')
    .innerJoin('test_resources as tr', 'tr.id', 'l.test_resource_id')
    .select(['c.name as step', 'tr.test_pad_group_id as group_id'])
    .distinct()
    .where('p.project_id', '=', projectId)
    .where('tr.test_pad_group_id', 'is not', null)
    .execute() as Promise<{ step: string; group_id: number }[]>;
}

/** The jigs that ran the project in the days (from the tallies), with the company's name for each. */
export async function projectJigs(db: Kysely<DB>, companyId: number, projectId: number, from: string, to: string) {
  return db
    .selectFrom('enclosures as e')
    .where(
      'e.id',
      'in',
      db
        .selectFrom('report_daily_slices')
        .select('enclosure_id')
        .where('company_id', '=', companyId)
        .where('project_id', '=', projectId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('enclosure_id', '>', 0),
    )
    .select(['e.id', 'e.serial', companyJigName('e', companyId).as('name')])
    .orderBy('name')
    .orderBy('e.id')
    .execute();
}

/** The cartridges the company's fixtures at these jigs held, by serial. */
export async function jigCartridges(db: Kysely<DB>, companyId: number, jigIds: number[]) {
  if (!jigIds.length) return [];
  return db
    .selectFrom('cartridges as c')
    .innerJoin('cartridge_types as ct', 'ct.id', 'c.cartridge_type_id')
    .where(
      'c.id',
      'in',
      db
        .selectFrom('fixture_cartridges as fc')
        .innerJoin('fixtures as f', 'f.id', 'fc.fixture_id')
        .select('fc.cartridge_id')
        .where('f.company_id', '=', companyId)
        .where('f.enclosure_id', 'in', jigIds),
    )
    .select(['c.id', 'c.serial', 'ct.name as type'])
    .orderBy('c.serial')
    .orderBy('c.id')
    .execute();
}

/** Whether the cartridge was ever part of one of the company's fixtures. */
export async function companyHadCartridge(db: Kysely<DB>, companyId: number, cartridgeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('fixture_cartridges as fc')
    .innerJoin('fixtures as f', 'f.id', 'fc.fixture_id')
    .where('fc.cartridge_id', '=', cartridgeId)
    .where('f.company_id', '=', companyId)
    .select('fc.fixture_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Serials of these boards. */
export async function boardSerials(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('devices').where('id', 'in', ids).select(['id', 'serial']).execute();
  return new Map(rows.map((r) => [r.id, r.serial]));
}
