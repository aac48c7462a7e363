import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import { cartridgeCycles } from '../../contract/fixtures';
import type { GoldenAnswer, GoldenKind } from '../../contract/readiness';
import type { DB } from '../db/schema';
import { companyJigName } from './jig-names';

/** A project's golden units (migration 023). */
export interface ProjectGoldenUnitsTable {
  id: Generated<number>;
  project_id: number;
  serial: string;
  serial_key: string;
  kind: GoldenKind;
  fails_step: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../db/schema' {
  interface DB {
    project_golden_units: ProjectGoldenUnitsTable;
  }
  interface DeviceReportsTable {
    /** null, or contract HELD_STATES: held reports count nowhere until released (migration 023). */
    held: ColumnType<string | null, string | null | undefined, string | null>;
    /** null, or a golden unit's answer (contract GOLDEN_ANSWERS): golden reports count nowhere. */
    golden: ColumnType<string | null, string | null | undefined, string | null>;
  }
  interface ProjectsTable {
    golden_window_hours: Generated<number>;
  }
  interface CompaniesTable {
    /** contract FIXTURE_POLICIES. */
    fixture_policy: Generated<string>;
  }
}

/** What readiness reads of each jig: its company's name and project, firmware and last contact. */
export type ReadinessJig = {
  id: number;
  company_id: number;
  name: string;
  project_id: number | null;
  project_name: string | null;
  firmware_version: string | null;
  last_seen_at: string | null;
  /** The company's settings row of the jig: the jig's page is `/enclosures/{setting_id}`. */
  setting_id: number | null;
};

/** These jigs (or, without ids, a company's first MAX), with their present company's settings. */
export async function readinessJigs(db: Kysely<DB>, companyId: number, ids: number[] | undefined, max: number): Promise<ReadinessJig[]> {
  const name = companyJigName('e', 'e.company_id');
  let query = db
    .selectFrom('enclosures as e')
    .leftJoin('enclosure_settings as s', (join) => join.onRef('s.enclosure_id', '=', 'e.id').onRef('s.company_id', '=', 'e.company_id'))
    .leftJoin('projects as p', 'p.id', 's.project_id')
    .select(['e.id', 'e.company_id', 'p.id as project_id', 'p.name as project_name', 'e.firmware_version', 'e.last_seen_at', 's.id as setting_id'])
    .select(name.as('name'))
    .where('e.company_id', '=', companyId);
  if (ids) query = query.where('e.id', 'in', ids.length ? ids : [0]);
  const rows = await query.orderBy(name).orderBy('e.id').limit(max).execute();
  return rows.map((r) => ({ ...r, company_id: r.company_id! }));
}

/** The active profiles' projects among these. */
export async function projectsWithActiveProfile(db: Kysely<DB>, projectIds: number[]): Promise<Set<number>> {
  if (!projectIds.length) return new Set();
  const rows = await db.selectFrom('test_profiles').select('project_id').where('project_id', 'in', projectIds).where('status', '=', 'active').execute();
  return new Set(rows.map((r) => r.project_id));
}

/** The cassettes in these jigs. */
export async function cassettesInJigs(db: Kysely<DB>, jigIds: number[]) {
  if (!jigIds.length) return [];
  return db.selectFrom('cassettes').select(['id', 'serial', 'enclosure_id']).where('enclosure_id', 'in', jigIds).orderBy('serial').execute();
}

/** Cartridges in these cassettes overdue for calibration on `today` (never calibrated, or due before it). */
export async function overdueInCassettes(db: Kysely<DB>, cassetteIds: number[], today: string) {
  if (!cassetteIds.length) return [];
  return db
    .selectFrom('cartridges')
    .select(['cassette_id', 'serial', 'bay'])
    .where('cassette_id', 'in', cassetteIds)
    .where((eb) => eb.or([eb('calibration_due_at', 'is', null), eb('calibration_due_at', '<', today)]))
    .orderBy('serial')
    .execute();
}

/**
 * The cartridges of these cassettes past a cycle limit of their type: cycles since the probes
 * were replaced at or past the rated probe life, or since cleaning (or the probe change, the later)
 * at or past the cleaning interval (contract cycleStatus 'overdue', in SQL).
 */
export async function pastCycleLimitsInCassettes(db: Kysely<DB>, cassetteIds: number[]) {
  if (!cassetteIds.length) return [];
  const rows = await db
    .selectFrom('cartridges')
    .innerJoin('cartridge_types', 'cartridge_types.id', 'cartridges.cartridge_type_id')
    .select([
      'cartridges.cassette_id',
      'cartridges.serial',
      'cartridges.bay',
      'cartridges.contact_cycles',
      'cartridges.cycles_at_cleaning',
      'cartridges.cycles_at_probe_change',
      'cartridge_types.rated_probe_life_cycles',
      'cartridge_types.cleaning_interval_cycles',
    ])
    .where('cartridges.cassette_id', 'in', cassetteIds)
    .where((eb) =>
      eb.or([
        eb('cartridge_types.rated_probe_life_cycles', '<=', sql<number>`cartridges.contact_cycles - cartridges.cycles_at_probe_change`),
        eb(
          'cartridge_types.cleaning_interval_cycles',
          '<=',
          sql<number>`cartridges.contact_cycles - case when cartridges.cycles_at_cleaning > cartridges.cycles_at_probe_change then cartridges.cycles_at_cleaning else cartridges.cycles_at_probe_change end`,
        ),
      ]),
    )
    .orderBy('cartridges.serial')
    .execute();
  return rows.map((r) => ({ ...r, cycles: cartridgeCycles(r) }));
}

/** The newest enclosure updates' versions (their files' sha256, what a jig runs once updated), newest first. */
export async function newestFirmwareVersions(db: Kysely<DB>, count: number): Promise<string[]> {
  const rows = await db
    .selectFrom('enclosure_updates')
    .innerJoin('files', 'files.id', 'enclosure_updates.file_id')
    .select('files.sha256')
    .orderBy('enclosure_updates.created_at', 'desc')
    .orderBy('enclosure_updates.id', 'desc')
    .limit(count)
    .execute();
  return rows.map((r) => r.sha256);
}

/** The newest enclosure update's version, or null when there is none. */
export async function newestFirmwareVersion(db: Kysely<DB>): Promise<string | null> {
  return (await newestFirmwareVersions(db, 1))[0] ?? null;
}

/** Per project: its golden window and whether it names any golden unit. */
export async function goldenRules(db: Kysely<DB>, projectIds: number[]): Promise<Map<number, { window_hours: number; units: number }>> {
  if (!projectIds.length) return new Map();
  const rows = await db
    .selectFrom('projects')
    .select(['projects.id', 'projects.golden_window_hours'])
    .select((eb) => eb.selectFrom('project_golden_units as g').whereRef('g.project_id', '=', 'projects.id').select(sql<number>`count(*)`.as('n')).as('units'))
    .where('projects.id', 'in', projectIds)
    .execute();
  return new Map(rows.map((r) => [r.id, { window_hours: Number(r.golden_window_hours), units: Number(r.units ?? 0) }]));
}

export type GoldenRun = { enclosure_id: number; project_id: number; golden: GoldenAnswer; finished_at: string; created_at: string; serial: string };

/**
 * Each jig's newest golden answer for its project: one statement for the page, each jig's row
 * found through the partial index on its golden reports (newest first).
 */
export async function newestGoldenRuns(db: Kysely<DB>, jigs: { id: number; project_id: number }[]): Promise<Map<number, GoldenRun>> {
  if (!jigs.length) return new Map();
  const pairs = sql.join(jigs.map((j) => sql`(${sql.lit(Math.trunc(j.id))}, ${sql.lit(Math.trunc(j.project_id))})`));
  const rows = await sql<GoldenRun>`
    select r.enclosure_id, r.project_id, r.golden, r.finished_at, r.created_at, d.serial
    from (
      select id, enclosure_id, project_id, golden, finished_at, created_at, device_id,
        row_number() over (partition by enclosure_id order by id desc) as rn
      from device_reports
      where golden is not null and (enclosure_id, project_id) in (values ${pairs})
    ) r join devices d on d.id = r.device_id
    where r.rn = 1`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.enclosure_id), { ...r, enclosure_id: Number(r.enclosure_id), project_id: Number(r.project_id) }]));
}

/** The companies' fixture policies. */
export async function fixturePolicies(db: Kysely<DB>, companyIds: number[]): Promise<Map<number, string>> {
  if (!companyIds.length) return new Map();
  const rows = await db.selectFrom('companies').select(['id', 'fixture_policy']).where('id', 'in', companyIds).execute();
  return new Map(rows.map((r) => [r.id, r.fixture_policy]));
}

/** These jigs, each with its present company's settings (ingestion: the jigs of a group). */
export async function readinessJigsById(db: Kysely<DB>, ids: number[]): Promise<ReadinessJig[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('enclosures as e')
    .leftJoin('enclosure_settings as s', (join) => join.onRef('s.enclosure_id', '=', 'e.id').onRef('s.company_id', '=', 'e.company_id'))
    .leftJoin('projects as p', 'p.id', 's.project_id')
    .select(['e.id', 'e.company_id', 'p.id as project_id', 'p.name as project_name', 'e.firmware_version', 'e.last_seen_at', 's.id as setting_id'])
    .select(companyJigName('e', 'e.company_id').as('name'))
    .where('e.id', 'in', ids)
    .where('e.company_id', 'is not', null)
    .execute();
  return rows.map((r) => ({ ...r, company_id: r.company_id! }));
}
