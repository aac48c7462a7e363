import { sql, type Kysely } from 'kysely';
import type { LiveReportEvent } from '../../../contract/live';
import { dialectOf } from '../../db/dialect';
import { jsonRecordset, preparedOnce, recordsJson } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { eventsJson, notifyFromJson } from '../../live/postgres';
import { profileIdQuery } from '../../store/test-profiles';
import { BATCH_TALLY, DAILY_STATS_TALLY, JIG_DAYS_TALLY, PROJECT_DEVICES_TALLY, STEP_DAYS_TALLY } from './counters';
import type { DeviceState } from './report-lookups';
import { FAILING_BOARDS_TALLY, SLICES_TALLY, STEP_SLICES_TALLY } from './slices';
import { tallyFromJson, tallyJson, writeNow, type Tally, type Writes } from './tallies';

/**
 * A report's row as ingestion stores it. The insert adds the id of the test profile version it
 * ran, when the project has it (issue 13): statistics per version read that.
 */
export type ReportRow = {
  uuid: string;
  device_id: number;
  project_id: number;
  company_id: number;
  production_batch_id: number;
  enclosure_id: number | null;
  test_profile: string | null;
  test_profile_version: string | null;
  result: string;
  started_at: string;
  finished_at: string;
  step_count: number;
  failed_step_count: number;
  steps: string;
  created_at: string;
};

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
};

/** The columns a report moves on its board, with their SQL types. */
const MOVED = {
  status: 'text',
  first_pass: 'integer',
  pass_attempt: 'integer',
  last_result: 'text',
  report_count: 'integer',
  tested_at: 'text',
  panel_id: 'text',
} as const;
const MOVED_COLUMNS = Object.keys(MOVED) as (keyof typeof MOVED)[];

/** Every tally reports add to, in the order their rows are locked (counters.ts). */
const TALLIES: Tally<Row>[] = [BATCH_TALLY, PROJECT_DEVICES_TALLY, DAILY_STATS_TALLY, SLICES_TALLY, STEP_SLICES_TALLY, FAILING_BOARDS_TALLY, STEP_DAYS_TALLY, JIG_DAYS_TALLY];

type Row = Record<string, number | string>;
export type StoredRow = { id: number; uuid: string };

/**
 * Everything a group of reports writes, gathered and sent at once (issue 14): the reports, their
 * boards' new state, the tallies, the jigs' last sight and the live events. On PostgreSQL it is
 * one prepared statement of data-modifying CTEs whose text never varies (each part's rows are a
 * JSON parameter, empty or not), so it is parsed once per connection and planned once: sent as
 * Kysely statements it cost more to compile, parse and plan than to run. On SQLite, in process
 * with no round trips, the parts go one after another. Only for writes that touch different
 * rows and that nothing reads before `flush`: PostgreSQL runs the CTEs on one snapshot.
 */
export class ReportWrites implements Writes {
  private readonly tallies = new Map<Tally<Row>, Row[]>();
  private readonly events: LiveReportEvent[] = [];

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: string,
    private readonly reports: ReportRow[],
    /** The boards as the reports leave them. */
    private readonly devices: DeviceState[],
    /** The jigs that sent them: seen now. */
    private readonly jigs: number[],
  ) {}

  async tally<R extends Row>(_db: Kysely<DB>, tally: Tally<R>, rows: R[]) {
    if (!TALLIES.includes(tally)) throw new Error(`ReportWrites: ${tally.table} is not among the tallies reports write`);
    this.tallies.set(tally, [...(this.tallies.get(tally) ?? []), ...rows]);
  }

  /** Live events, sent with the commit (PostgreSQL's NOTIFY: live/feed.ts). */
  announce(events: LiveReportEvent[]) {
    this.events.push(...events);
  }

  /** Writes it all; answers the reports stored (a uuid stored meanwhile by another writer is not). */
  async flush(): Promise<StoredRow[]> {
    return dialectOf(this.db) === 'postgres' ? this.flushAsOneStatement() : this.flushOneByOne();
  }

  /** A tally's rows from every call; by id where rows are added to by id, the lock order of every writer. */
  private rowsOf(tally: Tally<Row>): Row[] {
    const rows = this.tallies.get(tally) ?? [];
    return tally.mode === 'update' ? [...rows].sort((a, b) => Number(a.id) - Number(b.id)) : rows;
  }

  private async flushOneByOne(): Promise<StoredRow[]> {
    const { db, now } = this;
    const stored = await db
      .insertInto('device_reports')
      .values(this.reports.map((r) => ({ ...r, test_profile_id: profileIdQuery(db, r.project_id, r.test_profile ?? undefined, r.test_profile_version ?? undefined) })))
      .onConflict((oc) => oc.column('uuid').doNothing())
      .returning(['id', 'uuid'])
      .execute();
    await updateDevicesFromValues(db, this.devices, now).execute();
    for (const tally of TALLIES) await writeNow.tally(db, tally, this.rowsOf(tally));
    await db.updateTable('enclosures').set({ last_seen_at: now }).where('id', 'in', this.jigs).execute();
    return stored;
  }

  private async flushAsOneStatement(): Promise<StoredRow[]> {
    const tallies = Object.fromEntries(TALLIES.map((tally, i) => [`tally${i}`, tallyJson(tally, this.rowsOf(tally))]));
    const [{ stored }] = await writeReports(this.db, {
      now: this.now,
      reports: recordsJson(REPORT_COLUMNS, this.reports),
      devices: recordsJson(DEVICE_COLUMNS, this.devices),
      jigs: JSON.stringify(this.jigs),
      events: eventsJson(this.events),
      ...tallies,
    });
    return stored;
  }
}

const DEVICE_COLUMNS = { id: 'integer', ...MOVED } as const;

/**
 * ReportWrites' one statement on PostgreSQL, its text built once (prepared.ts). A concurrent
 * writer's copy of a uuid makes the reports' insert wait for its commit, then skip that report.
 */
const writeReports = preparedOnce<{ stored: StoredRow[] }, string>(
  (slot) => sql`
    with stored as (
      insert into device_reports (${sql.raw(Object.keys(REPORT_COLUMNS).join(', '))}, test_profile_id)
      select ${sql.raw(Object.keys(REPORT_COLUMNS).map((c) => `v.${c}`).join(', '))},
        (select p.id from test_profiles as p where p.project_id = v.project_id and p.name = v.test_profile and p.version = v.test_profile_version)
      from ${jsonRecordset(REPORT_COLUMNS, slot('reports'))}
      on conflict (uuid) do nothing
      returning id, uuid
    ),
    boards as (
      update devices set ${sql.raw(MOVED_COLUMNS.map((c) => `${c} = v.${c}`).join(', '))}, updated_at = ${slot('now')}
      from ${jsonRecordset(DEVICE_COLUMNS, slot('devices'))} where devices.id = v.id
    ),
    ${sql.join(TALLIES.map((tally, i) => sql`${sql.raw(`tally${i}`)} as (${tallyFromJson(tally, slot(`tally${i}`))})`))},
    jigs as (
      update enclosures set last_seen_at = ${slot('now')}
      where id in (select cast(j as integer) from json_array_elements_text(cast(${slot('jigs')} as json)) as j)
    )
    select
      (select coalesce(json_agg(stored), '[]') from stored) as stored,
      ${notifyFromJson(slot('events'))} as notified`,
);

/**
 * The devices' new state in one statement (UPDATE … FROM VALUES; SQLite names VALUES columns
 * column1, column2, …) rather than one per board.
 */
function updateDevicesFromValues(db: Kysely<DB>, devices: DeviceState[], now: string) {
  const rows = devices.map((device) => sql`(${sql.join([device.id, ...MOVED_COLUMNS.map((c) => device[c])])})`);
  const column = (i: number) => sql.ref(`v.column${i}`);
  return db
    .updateTable('devices')
    .from(sql`(values ${sql.join(rows)})`.as('v'))
    .set(Object.fromEntries([...MOVED_COLUMNS.map((c, i) => [c, column(i + 2)]), ['updated_at', now]]))
    .whereRef('devices.id', '=', column(1) as never);
}
