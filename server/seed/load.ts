import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, DeviceReportsTable } from '../db/schema';
import { dialectOf } from '../db/dialect';
import { serialKey } from '../store/devices';

/**
 * Writing many devices and reports fast. Ids are given explicitly (reserved with `reserveIds`),
 * so reports can name their device without reading anything back; counters and aggregates are
 * left at their defaults for `recompute` to derive.
 */
export type DeviceRow = {
  id: number;
  project_id: number;
  production_batch_id: number;
  serial: string;
  /** `untested` unless a decision set it (scrapped, released); recompute derives the rest. */
  status: string;
  created_at: string;
  updated_at: string;
};

/** A stored report as the loader writes it: the table's own row type, ids included. */
/** As the seeders write them: the test profile link is set afterwards (seed/demo-test-profiles.ts). */
export type ReportRow = Omit<Selectable<DeviceReportsTable>, 'test_profile_id' | 'operator_id' | 'out_of_policy' | 'fixture_id' | 'held' | 'golden'> &
  /** The bulk seed knows its profile versions' ids as it makes the reports. */
  Partial<Pick<Selectable<DeviceReportsTable>, 'test_profile_id'>>;

export type RowSink = {
  devices(rows: DeviceRow[]): Promise<void>;
  reports(rows: ReportRow[]): Promise<void>;
};

const DEVICE_COLUMNS = ['id', 'project_id', 'production_batch_id', 'serial', 'serial_key', 'status', 'created_at', 'updated_at'] as const;
const REPORT_COLUMNS = [
  'id', 'uuid', 'device_id', 'project_id', 'company_id', 'production_batch_id', 'enclosure_id', 'test_profile',
  'test_profile_version', 'result', 'started_at', 'finished_at', 'step_count', 'failed_step_count', 'steps', 'created_at',
  'test_profile_id',
] as const;

/**
 * Reserves `count` consecutive ids of a table and returns the first. SQLite: past both the
 * largest id and the AUTOINCREMENT high-water mark; PostgreSQL: moves the identity sequence on,
 * so the server's own inserts never collide with the reserved range.
 */
export async function reserveIds(db: Kysely<DB>, table: 'devices' | 'device_reports', count: number): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ first: string }>`
      select setval(pg_get_serial_sequence(${table}, 'id'),
        greatest((select coalesce(max(id), 0) from ${sql.table(table)}),
                 (select nextval(pg_get_serial_sequence(${table}, 'id')) - 1)) + ${count}) - ${count} + 1 as first`.execute(db);
    return Number(rows[0].first);
  }
  const { rows } = await sql<{ first: number }>`
    select max(coalesce((select seq from sqlite_sequence where name = ${table}), 0),
               coalesce((select max(id) from ${sql.table(table)}), 0)) + 1 as first`.execute(db);
  return Number(rows[0].first);
}

/**
 * Gives back the unused end of a range `reserveIds` took (PostgreSQL), unless someone else has
 * drawn from the sequence since: ids are never handed out twice, gaps are merely untidy.
 */
export async function releaseIds(db: Kysely<DB>, table: 'devices' | 'device_reports', reservedLast: number, usedLast: number) {
  if (dialectOf(db) !== 'postgres' || usedLast < 1 || usedLast >= reservedLast) return;
  await sql`
    select setval(pg_get_serial_sequence(${table}, 'id'), ${usedLast})
    where pg_sequence_last_value(pg_get_serial_sequence(${table}, 'id')::regclass) = ${reservedLast}`.execute(db);
}

/** Through Kysely on either database: PostgreSQL inserts 10,000-row chunks from one JSON parameter. */
export function kyselySink(db: Kysely<DB>, chunk = 2000): RowSink {
  if (dialectOf(db) === 'postgres') {
    return {
      devices: (rows) => pgInsertDevices(db, rows, chunk * 10),
      reports: (rows) => pgInsertReports(db, rows, chunk * 5),
    };
  }
  return {
    async devices(rows) {
      for (let i = 0; i < rows.length; i += chunk) {
        const part = rows.slice(i, i + chunk).map((r) => ({ ...r, serial_key: serialKey(r.serial) }));
        // 8 columns x 2000 rows stays under SQLite's 32766 bound parameters.
        await db.insertInto('devices').values(part).execute();
      }
    },
    async reports(rows) {
      const size = Math.floor(chunk / 2); // 16 columns
      for (let i = 0; i < rows.length; i += size) {
        await db.insertInto('device_reports').values(rows.slice(i, i + size)).execute();
      }
    },
  };
}

// One JSON parameter per chunk, unpacked by json_to_recordset: JSON.stringify is native and
// about 25 times faster than node-postgres' escaping of 16 text arrays for unnest.
async function pgInsertDevices(db: Kysely<DB>, rows: DeviceRow[], chunk: number) {
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk).map((r) => ({ ...r, serial_key: serialKey(r.serial) }));
    await sql`
      insert into devices (${sql.join(DEVICE_COLUMNS.map((c) => sql.ref(c)))})
      select ${sql.join(DEVICE_COLUMNS.map((c) => sql.ref(`x.${c}`)))}
      from json_to_recordset(${JSON.stringify(part)}::json) as x(id int, project_id int, production_batch_id int,
        serial text, serial_key text, status text, created_at text, updated_at text)`.execute(db);
  }
}

async function pgInsertReports(db: Kysely<DB>, rows: ReportRow[], chunk: number) {
  for (let i = 0; i < rows.length; i += chunk) {
    await sql`
      insert into device_reports (${sql.join(REPORT_COLUMNS.map((c) => sql.ref(c)))})
      select ${sql.join(REPORT_COLUMNS.map((c) => sql.ref(`x.${c}`)))}
      from json_to_recordset(${JSON.stringify(rows.slice(i, i + chunk))}::json) as x(id int, uuid text, device_id int,
        project_id int, company_id int, production_batch_id int, enclosure_id int, test_profile text,
        test_profile_version text, result text, started_at text, finished_at text, step_count int,
        failed_step_count int, steps text, created_at text, test_profile_id int)`.execute(db);
  }
}

/**
 * Straight into a better-sqlite3 connection with prepared statements, in one transaction per
 * call: the fastest way into SQLite (the connection's Kysely must not be mid-transaction).
 */
export function sqliteSink(raw: BetterSqlite3.Database): RowSink {
  const placeholders = (n: number) => `(${Array.from({ length: n }, () => '?').join(',')})`;
  const insertDevice = raw.prepare(
    `insert into devices (${DEVICE_COLUMNS.join(',')}) values ${placeholders(DEVICE_COLUMNS.length)}`,
  );
  const insertReport = raw.prepare(
    `insert into device_reports (${REPORT_COLUMNS.join(',')}) values ${placeholders(REPORT_COLUMNS.length)}`,
  );
  const devices = raw.transaction((rows: DeviceRow[]) => {
    for (const r of rows) {
      insertDevice.run(r.id, r.project_id, r.production_batch_id, r.serial, serialKey(r.serial), r.status, r.created_at, r.updated_at);
    }
  });
  const reports = raw.transaction((rows: ReportRow[]) => {
    for (const r of rows) {
      insertReport.run(
        r.id, r.uuid, r.device_id, r.project_id, r.company_id, r.production_batch_id, r.enclosure_id, r.test_profile,
        r.test_profile_version, r.result, r.started_at, r.finished_at, r.step_count, r.failed_step_count, r.steps,
        r.created_at, r.test_profile_id ?? null,
      );
    }
  });
  return {
    devices: async (rows) => void devices(rows),
    reports: async (rows) => void reports(rows),
  };
}
