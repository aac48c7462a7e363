import { sql, type CompiledQuery, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { dialectOf } from '../../db/dialect';
import { amongJson, idsJson, jsonRecordset, preparedOnce, preparedPerShape, recordsJson, type Slot } from '../../db/prepared';
import type { DB, DeviceReportsTable } from '../../db/schema';
import type { AnnouncedReport } from '../../live/feed';
import { eventsJson, notifyStoredFromJson } from '../../live/postgres';
import { BATCH_TALLY, DAILY_STATS_TALLY, JIG_DAYS_TALLY, PROJECT_DEVICES_TALLY, STEP_DAYS_TALLY } from './counters';
import { CONTACT_CYCLES_TALLY } from './contact-cycles';
import { MOVED, MOVED_COLUMNS, type DeviceState } from './report-lookups';
import { FAILING_BOARDS_TALLY, SLICES_TALLY, STEP_SLICES_TALLY } from './slices';
import { STEP_MEASURES_TALLY } from './step-measures';
import { tallyFromJson, tallyJson, type Tally, type Writes } from './tallies';

/**
 * A report's row as ingestion stores it. The insert adds the id of the test profile version it
 * ran, when the project has it: statistics per version read that.
 */
export type ReportRow = Omit<Selectable<DeviceReportsTable>, 'id' | 'test_profile_id' | 'held' | 'golden'> &
  Partial<Pick<Selectable<DeviceReportsTable>, 'held' | 'golden'>>;

const REPORT_COLUMNS: Record<keyof ReportRow, 'integer' | 'text'> = {
  uuid: 'text',
  device_id: 'integer',
  project_id: 'integer',
  company_id: 'integer',
  production_batch_id: 'integer',
  enclosure_id: 'integer',
  test_profile: 'text',
  test_profile_version: 'text',
  result: 'text',
  started_at: 'text',
  finished_at: 'text',
  step_count: 'integer',
  failed_step_count: 'integer',
  steps: 'text',
  created_at: 'text',
  operator_id: 'integer',
  out_of_policy: 'text',
  fixture_id: 'integer',
  held: 'text',
  golden: 'text',
};

/** A station scan that led to a report (report-policy.ts), by the report's uuid: its id comes with the insert. */
export type ScanClaim = { scan: number; uuid: string };
const CLAIM_COLUMNS = { scan: 'integer', uuid: 'text' } as const;

/** Every tally reports add to, in the order their rows are locked (counters.ts). */
const TALLIES: Tally<Row>[] = [BATCH_TALLY, PROJECT_DEVICES_TALLY, DAILY_STATS_TALLY, SLICES_TALLY, STEP_SLICES_TALLY, FAILING_BOARDS_TALLY, STEP_DAYS_TALLY, JIG_DAYS_TALLY, CONTACT_CYCLES_TALLY, STEP_MEASURES_TALLY];

type Row = Record<string, number | string | null>;
export type StoredRow = { id: number; uuid: string };

/**
 * Everything a group of reports writes, gathered and sent at once: the reports, their
 * boards' new state, the tallies, the jigs' last sight and the live events. Each part's rows go
 * as one JSON parameter, so no text varies with the reports: built and compiled once
 * (prepared.ts). Sent as Kysely statements, they cost Node more to build and compile, and
 * PostgreSQL more to parse and plan, than to run. On PostgreSQL the parts are one prepared
 * statement of data-modifying CTEs, one round trip; on SQLite, in process, one after another.
 * Only for writes that touch different rows and that nothing reads before `flush`: PostgreSQL
 * runs the CTEs on one snapshot.
 */
export class ReportWrites implements Writes {
  private readonly tallies = new Map<Tally<Row>, Row[]>();
  private readonly events: AnnouncedReport[] = [];

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: string,
    private readonly reports: ReportRow[],
    /** The boards as the reports leave them. */
    private readonly devices: DeviceState[],
    /** The jigs that sent them: seen now. */
    private readonly jigs: number[],
    /** The station scans that led to them. */
    private readonly claims: ScanClaim[] = [],
  ) {}

  async tally<R extends Row>(_db: Kysely<DB>, tally: Tally<R>, rows: R[]) {
    if (!TALLIES.includes(tally)) throw new Error(`ReportWrites: ${tally.table} is not among the tallies reports write`);
    this.tallies.set(tally, [...(this.tallies.get(tally) ?? []), ...rows]);
  }

  /** Live events, sent with the commit (PostgreSQL's NOTIFY: live/feed.ts). */
  announce(events: AnnouncedReport[]) {
    this.events.push(...events);
  }

  /**
   * Writes it all; answers the reports stored. A uuid stored meanwhile by another writer is not
   * stored on SQLite, and fails the statement on PostgreSQL, which `finish` (a pipelined
   * transaction's last statement, its COMMIT on the way: pipelined.ts) may send.
   */
  async flush(finish?: <R>(statement: CompiledQuery<R>) => Promise<R[]>): Promise<StoredRow[]> {
    const values: Record<string, string> = {
      now: this.now,
      reports: recordsJson(REPORT_COLUMNS, this.reports),
      devices: recordsJson(DEVICE_COLUMNS, this.devices),
      jigs: idsJson(this.jigs),
      claims: recordsJson(CLAIM_COLUMNS, this.claims),
      events: eventsJson(this.events),
      ...Object.fromEntries(TALLIES.map((tally, i) => [`tally${i}`, tallyJson(tally, this.rowsOf(tally))])),
    };
    // A part with no rows is left out: most groups fail no step, update no board made now, and follow no scan.
    const parts = PARTS.filter((part) => !this.isEmpty(part.name)).map((part) => part.name);
    if (dialectOf(this.db) === 'postgres') {
      const statement = writeTogether.compiled(this.db, parts, values);
      const [row] = finish ? await finish(statement) : (await this.db.executeQuery(statement)).rows;
      return row.stored;
    }
    // SQLite: in process, no round trips to save; each part alone, its statement cached.
    const [stored, ...rest] = parts.map((name) => ONE_BY_ONE.get(name)!);
    const rows = (await stored(this.db, values)) as StoredRow[];
    for (const part of rest) await part(this.db, values);
    return rows;
  }

  private isEmpty(part: string) {
    if (part === 'boards') return this.devices.length === 0;
    if (part === 'scans') return this.claims.length === 0;
    const tally = /^tally(\d+)$/.exec(part);
    return tally !== null && this.rowsOf(TALLIES[Number(tally[1])]).length === 0;
  }

  /** A tally's rows from every call; by id where rows are added to by id, the lock order of every writer. */
  private rowsOf(tally: Tally<Row>): Row[] {
    const rows = this.tallies.get(tally) ?? [];
    return tally.mode === 'update' ? [...rows].sort((a, b) => Number(a.id) - Number(b.id)) : rows;
  }
}

const DEVICE_COLUMNS = { id: 'integer', ...MOVED } as const;

/**
 * What a group of reports writes, part by part, each reading its rows from its slot's JSON. A
 * concurrent writer's copy of a uuid makes the reports' insert wait for its commit, then skip
 * that report on SQLite, or fail on PostgreSQL (a unique violation), where the COMMIT may be on
 * its way already and must not keep the other writes; the answer names the reports stored.
 */
const PARTS: { name: string; build: (slot: Slot<string>, db: Kysely<DB>) => RawBuilder<unknown> }[] = [
  {
    name: 'stored',
    build: (slot, db) => sql`
      insert into device_reports (${sql.raw(Object.keys(REPORT_COLUMNS).join(', '))}, test_profile_id)
      select ${sql.raw(Object.keys(REPORT_COLUMNS).map((c) => `v.${c}`).join(', '))},
        (select p.id from test_profiles as p where p.project_id = v.project_id and p.name = v.test_profile and p.version = v.test_profile_version)
      from ${jsonRecordset(db, REPORT_COLUMNS, slot('reports'))}
      ${dialectOf(db) === 'postgres' ? sql`` : sql`where true on conflict (uuid) do nothing`}
      returning id, uuid`,
  },
  {
    name: 'boards',
    build: (slot, db) => sql`
      update devices set ${sql.raw(MOVED_COLUMNS.map((c) => `${c} = v.${c}`).join(', '))}, updated_at = ${slot('now')}
      from ${jsonRecordset(db, DEVICE_COLUMNS, slot('devices'))} where devices.id = v.id`,
  },
  ...TALLIES.map((tally, i) => ({ name: `tally${i}`, build: (slot: Slot<string>, db: Kysely<DB>) => tallyFromJson(db, tally, slot(`tally${i}`)) })),
  {
    // PostgreSQL's CTEs share one snapshot: the ids come from the insert's `stored`; SQLite's
    // parts run one after another, and read the reports just inserted.
    name: 'scans',
    build: (slot, db) =>
      dialectOf(db) === 'postgres'
        ? sql`
          update station_scans set report_id = stored.id
          from ${jsonRecordset(db, CLAIM_COLUMNS, slot('claims'))} inner join stored on stored.uuid = v.uuid
          where station_scans.id = v.scan`
        : sql`
          update station_scans set report_id = (select device_reports.id from device_reports where device_reports.uuid = v.uuid)
          from ${jsonRecordset(db, CLAIM_COLUMNS, slot('claims'))} where station_scans.id = v.scan`,
  },
  {
    name: 'jigs',
    build: (slot, db) => sql`
      update enclosures set last_seen_at = ${slot('now')}
      where ${amongJson(db, sql.ref('enclosures.id'), 'id', 'integer', slot('jigs'))}`,
  },
];

/**
 * On PostgreSQL the parts are one prepared statement's CTEs, and the events' NOTIFYs its select;
 * one text per set of parts with rows (a handful: whether steps failed, whether boards moved).
 */
const writeTogether = preparedPerShape<{ stored: StoredRow[] }, string, string[]>(
  (slot, db, names) => sql`
    with ${sql.join(PARTS.filter((part) => names.includes(part.name)).map((part) => sql`${sql.raw(part.name)} as (${part.build(slot, db)})`))}
    select
      (select coalesce(json_agg(stored), '[]') from stored) as stored,
      ${notifyStoredFromJson(slot('events'), 'stored')} as notified`,
);

/** On SQLite, one statement per part, by name. */
const ONE_BY_ONE = new Map(PARTS.map((part) => [part.name, preparedOnce<unknown, string>(part.build)]));
