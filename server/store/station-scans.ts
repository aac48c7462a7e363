import type { ColumnType, Generated, Kysely } from 'kysely';
import { dialectOf, toCount } from '../db/dialect';
import type { DB } from '../db/schema';
import { effectiveStatus } from './devices';
import { companyJigName } from './jig-names';
import './repair-tables';

/** An operator's scan of a board at a jig, and what the station answered (migration 021). */
export interface StationScansTable {
  id: Generated<number>;
  company_id: number;
  enclosure_id: number;
  project_id: number;
  operator_id: number | null;
  serial: string;
  serial_key: string;
  /** The board, when it was known at the scan (a board never seen yet has none). */
  device_id: number | null;
  /** The project's active profile at the scan, whose attempt limit applied. */
  test_profile_id: number | null;
  /** go | stop */
  outcome: string;
  /** contract STOP_CODES, for a stop. */
  stop_code: string | null;
  attempts_used: number;
  attempt_limit: number | null;
  scanned_at: string;
  /** The run the scan led to (migration 022). */
  report_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** retest | repair: the operator's acknowledgement of the run's fail. */
  acknowledgement: ColumnType<string | null, string | null | undefined, string | null>;
  acknowledged_at: ColumnType<string | null, string | null | undefined, string | null>;
}

declare module '../db/schema' {
  interface DB {
    station_scans: StationScansTable;
  }
}

/** A jig as the station sees it: the company's name for it and the project it tests. */
export type StationJig = { id: number; company_id: number; name: string; project_id: number | null; project_name: string | null };

/**
 * A jig with its present company's settings (name, project); undefined for no such jig or one
 * that belongs to no company (nobody's station stands at it).
 */
export async function findStationJig(db: Kysely<DB>, id: number): Promise<StationJig | undefined> {
  const row = await db
    .selectFrom('enclosures')
    .leftJoin('enclosure_settings', (join) =>
      join.onRef('enclosure_settings.enclosure_id', '=', 'enclosures.id').onRef('enclosure_settings.company_id', '=', 'enclosures.company_id'),
    )
    .leftJoin('projects', 'projects.id', 'enclosure_settings.project_id')
    .select(['enclosures.id', 'enclosures.company_id', 'projects.id as project_id', 'projects.name as project_name'])
    .select(companyJigName('enclosures', 'enclosures.company_id').as('name'))
    .where('enclosures.id', '=', id)
    .executeTakeFirst();
  if (!row || row.company_id === null) return undefined;
  return { id: row.id, company_id: row.company_id, name: row.name, project_id: row.project_id, project_name: row.project_name };
}

/** A board as the station's rules read it: its state, and its runs in all and at its last repair. */
export type ScannedBoard = {
  id: number;
  project_id: number;
  project_name: string;
  serial: string;
  status: string;
  last_result: string | null;
  report_count: number;
  repair_base_count: number;
  in_repair: number;
};

function selectScannedBoards(db: Kysely<DB>) {
  return db
    .selectFrom('devices')
    .innerJoin('projects', 'projects.id', 'devices.project_id')
    .select([
      'devices.id',
      'devices.project_id',
      'projects.name as project_name',
      'devices.serial',
      effectiveStatus().as('status'),
      'devices.last_result',
      'devices.report_count',
      'devices.repair_base_count',
      'devices.in_repair',
    ]);
}

/** The company's boards of this serial (serials are unique per project, so one per project at most). */
export async function boardsOfSerial(db: Kysely<DB>, companyId: number, serialKey: string): Promise<ScannedBoard[]> {
  return selectScannedBoards(db).where('projects.company_id', '=', companyId).where('devices.serial_key', '=', serialKey).orderBy('devices.id').execute();
}

/** One board by id, locked until the transaction ends on PostgreSQL (a hand-off or an acknowledgement reads it to change it). */
export async function lockScannedBoard(db: Kysely<DB>, deviceId: number): Promise<ScannedBoard | undefined> {
  const query = selectScannedBoards(db).where('devices.id', '=', deviceId);
  return (dialectOf(db) === 'postgres' ? query.forUpdate(['devices']) : query).executeTakeFirst();
}

/** The board's completed repairs (it went back to test after each). */
export async function completedRepairs(db: Kysely<DB>, deviceId: number): Promise<number> {
  const row = await db
    .selectFrom('repairs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('device_id', '=', deviceId)
    .where('status', '=', 'repaired')
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

export type ActivePolicy = { id: number; attempt_limit: number | null };

/** The project's active test profile and its attempt limit; undefined while none is active. */
export async function activePolicy(db: Kysely<DB>, projectId: number): Promise<ActivePolicy | undefined> {
  return db
    .selectFrom('test_profiles')
    .select(['id', 'attempt_limit'])
    .where('project_id', '=', projectId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export async function insertScan(
  db: Kysely<DB>,
  values: Omit<StationScansTable, 'id' | 'report_id' | 'acknowledgement' | 'acknowledged_at'> & { report_id?: number | null },
): Promise<number> {
  const { id } = await db.insertInto('station_scans').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export type StationScan = { id: number; enclosure_id: number; serial: string; report_id: number | null; acknowledgement: string | null };

/** A scan at this jig; undefined for no such scan or one of another jig. */
export async function findJigScan(db: Kysely<DB>, jigId: number, scanId: number): Promise<StationScan | undefined> {
  return db
    .selectFrom('station_scans')
    .select(['id', 'enclosure_id', 'serial', 'report_id', 'acknowledgement'])
    .where('id', '=', scanId)
    .where('enclosure_id', '=', jigId)
    .executeTakeFirst();
}

/**
 * Records the operator's acknowledgement of the scan's failing run; false when it was
 * acknowledged meanwhile (the condition is the check, so a double tap records one).
 */
export async function acknowledgeScan(db: Kysely<DB>, scanId: number, acknowledgement: 'retest' | 'repair', at: string): Promise<boolean> {
  const result = await db
    .updateTable('station_scans')
    .set({ acknowledgement, acknowledged_at: at })
    .where('id', '=', scanId)
    .where('acknowledgement', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
