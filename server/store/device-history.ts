import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { companyJigName } from './jig-names';
import './repair-tables';
import './station-scans';

/**
 * A board's history, read per kind, each the newest `limit` rows by the board's own indexes:
 * its scans (station_scans_serial: the company's projects by serial), its runs
 * (device_reports_device) and its repairs (repairs_device). A board has tens of rows of each,
 * not thousands; the service merges them in time order.
 */

export type HistoryBoard = { id: number; project_id: number; company_id: number; serial_key: string };

export async function historyBoard(db: Kysely<DB>, deviceId: number): Promise<HistoryBoard | undefined> {
  return db
    .selectFrom('devices')
    .innerJoin('projects', 'projects.id', 'devices.project_id')
    .select(['devices.id', 'devices.project_id', 'projects.company_id', 'devices.serial_key'])
    .where('devices.id', '=', deviceId)
    .executeTakeFirst();
}

/**
 * The scans of the board: at a jig of its project by its serial, and those elsewhere in the
 * company that named this board (stopped as another project's). Found through the serial index
 * per project of the company, then kept to those two kinds.
 */
export function boardScans(db: Kysely<DB>, board: HistoryBoard, limit: number) {
  return db
    .selectFrom('station_scans')
    .innerJoin('enclosures', 'enclosures.id', 'station_scans.enclosure_id')
    .leftJoin('users', 'users.id', 'station_scans.operator_id')
    .select([
      'station_scans.id',
      'station_scans.scanned_at as at',
      'station_scans.operator_id',
      'users.username as operator_name',
      'station_scans.enclosure_id',
      'station_scans.outcome',
      'station_scans.stop_code',
      'station_scans.attempts_used',
      'station_scans.attempt_limit',
    ])
    .select(companyJigName('enclosures', 'station_scans.company_id').as('enclosure_name'))
    .where('station_scans.project_id', 'in', db.selectFrom('projects').select('id').where('company_id', '=', board.company_id))
    .where('station_scans.serial_key', '=', board.serial_key)
    .where((eb) => eb.or([eb('station_scans.project_id', '=', board.project_id), eb('station_scans.device_id', '=', board.id)]))
    .orderBy('station_scans.scanned_at', 'desc')
    .orderBy('station_scans.id', 'desc')
    .limit(limit)
    .execute();
}

/** The board's runs, when the server stored each (the clock every entry of the history is on). */
export function boardRuns(db: Kysely<DB>, deviceId: number, limit: number) {
  return db
    .selectFrom('device_reports')
    .leftJoin('enclosures', 'enclosures.id', 'device_reports.enclosure_id')
    .leftJoin('users', 'users.id', 'device_reports.operator_id')
    .select([
      'device_reports.id',
      'device_reports.created_at as at',
      'device_reports.result',
      'device_reports.enclosure_id',
      'device_reports.operator_id',
      'users.username as operator_name',
      'device_reports.failed_step_count',
      'device_reports.out_of_policy',
    ])
    .select(sql<string | null>`case when enclosures.id is null then null else ${companyJigName('enclosures', 'device_reports.company_id')} end`.as('enclosure_name'))
    .where('device_reports.device_id', '=', deviceId)
    .orderBy('device_reports.created_at', 'desc')
    .orderBy('device_reports.id', 'desc')
    .limit(limit)
    .execute();
}

/** The board's repairs, each an entry when sent and another when done. */
export function boardRepairs(db: Kysely<DB>, deviceId: number, limit: number) {
  return db
    .selectFrom('repairs')
    .leftJoin('users as sender', 'sender.id', 'repairs.sent_by')
    .leftJoin('users as fixer', 'fixer.id', 'repairs.repaired_by')
    .leftJoin('failure_codes', 'failure_codes.id', 'repairs.failure_code_id')
    .select([
      'repairs.id',
      'repairs.status',
      'repairs.reason',
      'repairs.sent_at',
      'repairs.sent_by',
      'sender.username as sent_by_name',
      'repairs.repaired_at',
      'repairs.repaired_by',
      'fixer.username as repaired_by_name',
      'failure_codes.code as failure_code',
      'repairs.action',
      'repairs.parts',
    ])
    .where('repairs.device_id', '=', deviceId)
    .orderBy('repairs.sent_at', 'desc')
    .orderBy('repairs.id', 'desc')
    .limit(limit)
    .execute();
}
