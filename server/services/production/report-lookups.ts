import { sql, type Kysely } from 'kysely';
import type { JigReportInput } from '../../../contract/jig';
import { dialectOf } from '../../db/dialect';
import { amongJson, idsJson, jsonRecordset, preparedOnce, recordsJson, type Slot } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { effectiveStatus, serialKey } from '../../store/devices';
import { reportTimes, timesInOrder, type ProjectOwner, type StoredBefore } from './check-reports';
import { afterReport, type CountedDevice } from './counters';
import { shareReleaseLocksSql } from './release-lock';
import type { IngestItem } from './store-reports';

/** What of a device ingestion reads and writes. */
export type DeviceState = CountedDevice & {
  id: number;
  serial_key: string;
  last_result: string | null;
  tested_at: string | null;
  panel_id: string | null;
  /** Read for the retest policy (report-policy.ts), never written by ingestion. */
  in_repair: number;
  repair_base_count: number;
};

/** The columns of DeviceState. */
export const DEVICE_STATE = [
  'id',
  'project_id',
  'production_batch_id',
  'serial_key',
  'status',
  'report_count',
  'first_pass',
  'pass_attempt',
  'last_result',
  'tested_at',
  'panel_id',
  'in_repair',
  'repair_base_count',
] as const;

/** DeviceState as a stored board is read: a board of a released batch is released (release-catch-up.ts). */
const LOOKED_UP = [...DEVICE_STATE.filter((column) => column !== 'status'), effectiveStatus().as('status')] as const;

export const deviceKey = (projectId: number, key: string) => `${projectId}\u0000${key}`;

/** The columns a report moves on its board, with their SQL types. */
export const MOVED = {
  status: 'text',
  first_pass: 'integer',
  pass_attempt: 'integer',
  last_result: 'text',
  report_count: 'integer',
  tested_at: 'text',
  panel_id: 'text',
} as const;
export type MovedState = Pick<DeviceState, keyof typeof MOVED>;
export const MOVED_COLUMNS = Object.keys(MOVED) as (keyof typeof MOVED)[];
/** The moved columns, and the same read from a recordset `v`, for a statement's text. */
export const MOVED_LIST = MOVED_COLUMNS.join(', ');
export const MOVED_OF_V = MOVED_COLUMNS.map((c) => `v.${c}`).join(', ');

/** A board before its first report: the columns' defaults (migrations 002, 009 and 014). */
export const UNTESTED: MovedState = { status: 'untested', first_pass: null, pass_attempt: null, last_result: null, report_count: 0, tested_at: null, panel_id: null };

/** The board as one report leaves it: its counted state (afterReport), and the panel it names, if it names one. */
export function afterReportOn<D extends MovedState & CountedDevice>(device: D, input: Pick<JigReportInput, 'result' | 'panel_id'>, finishedAt: string): D {
  return { ...afterReport(device, input.result, finishedAt), panel_id: input.panel_id !== undefined ? input.panel_id : device.panel_id };
}

/**
 * For each report, the state its board is made in if that report makes it: as the report and
 * the list's later reports of the same board leave an untested board, when every one of them
 * is stored (a report whose times are out of order never is). Most boards get one report per
 * round, and most rounds store all they get: a board made so needs no update after its reports
 * (storeChecked compares, and updates one a refusal left otherwise).
 */
function madeStates<T>(reports: T[], boardOf: (report: T) => string, inputOf: (report: T) => JigReportInput): MovedState[] {
  const byBoard = new Map<string, number[]>();
  reports.forEach((report, i) => {
    const key = boardOf(report);
    const positions = byBoard.get(key);
    if (positions) positions.push(i);
    else byBoard.set(key, [i]);
  });
  const states: MovedState[] = new Array(reports.length);
  for (const positions of byBoard.values()) {
    positions.forEach((from, k) => {
      let state = { ...UNTESTED, project_id: 0, production_batch_id: 0 };
      for (const i of positions.slice(k)) {
        const input = inputOf(reports[i]);
        if (timesInOrder(input)) state = afterReportOn(state, input, reportTimes(input).finished_at);
      }
      states[from] = pickMoved(state);
    });
  }
  return states;
}

/** Only the moved columns of a board's state. */
export const pickMoved = (state: MovedState): MovedState => Object.fromEntries(MOVED_COLUMNS.map((c) => [c, state[c]])) as MovedState;

/** Whether a board's moved columns are as `made` holds them. */
export const movedAlike = (made: MovedState, state: MovedState) => MOVED_COLUMNS.every((c) => made[c] === state[c]);

/**
 * What a round's checks and store start from: reports stored before, the projects, the boards;
 * on PostgreSQL also the boards made by the same statement (`made`, see newBoards).
 */
export type Lookups = { stored: Map<string, StoredBefore>; projects: Map<number, ProjectOwner>; devices: Map<string, DeviceState>; made?: DeviceState[] };

/**
 * The reports already stored under the items' uuids (by uuid), the projects they name (by id),
 * and their boards (by deviceKey), locked on PostgreSQL. A board is looked up only in a project
 * of its jig's company: a report naming another company's project is refused by the checks,
 * and must not even wait on that company's boards. Each statement has one text whatever the
 * reports (JSON recordsets, prepared.ts). On PostgreSQL all three come in one statement, since
 * each round trip costs the server more than these index lookups; SQLite, in process, asks
 * them one after the other.
 */
export async function lookUp(trx: Kysely<DB>, items: IngestItem[], now: string): Promise<Lookups> {
  const projectIds = [...new Set(items.map((item) => item.input.project_id))];
  const values = {
    uuids: recordsJson(UUID, items.map((item) => ({ uuid: item.input.uuid }))),
    projects: idsJson(projectIds),
    boards: recordsJson(BOARD, items.map(({ jig, input }) => ({ company: jig.company_id, project: input.project_id, key: serialKey(input.serial) }))),
  };
  if (dialectOf(trx) !== 'postgres') {
    const stored = await storedBefore(trx, values);
    const projects = await projectOwners(trx, values);
    return { stored: byUuid(stored), projects: new Map(projects.map((p) => [p.id, p])), devices: byDeviceKey(await boardsOf(trx, values)) };
  }
  const [row] = await lookUpTogether(trx, { ...values, now, candidates: recordsJson(NEW_BOARD, newBoardCandidates(items)) });
  return { stored: byUuid(row.stored), projects: new Map(row.projects.map((p) => [p.id, p])), devices: byDeviceKey(row.devices), made: row.made };
}

/** A board a report may make: the report's jig's company, its project and batch, its serial. */
const NEW_BOARD = { company: 'integer', project: 'integer', batch: 'integer', serial: 'text', key: 'text', uuid: 'text', position: 'integer', ...MOVED } as const;

/**
 * The reports that make their board if it is not stored yet, in making order (inMakingOrder).
 * A report the checks will refuse for what it says alone (times out of order; no batch) is
 * left out here; the statement leaves out those refused for what is stored.
 */
function newBoardCandidates(items: IngestItem[]) {
  const makers = boardMakers(
    items,
    ({ input }) => deviceKey(input.project_id, serialKey(input.serial)),
    ({ input }) => input,
    ({ input }) => input.production_batch_id !== undefined && timesInOrder(input),
  );
  return makers.map(({ report: { jig, input }, state }, position) => ({
    company: jig.company_id,
    project: input.project_id,
    batch: input.production_batch_id!,
    serial: input.serial,
    key: serialKey(input.serial),
    uuid: input.uuid,
    position,
    ...state,
  }));
}

/**
 * Reports that may make boards, in the order boards are made: by board (deviceKey), so two
 * writers making overlapping boards wait on each other rather than deadlock, then in report
 * order, so the first report of a board whose batch is of its project makes it.
 */
function inMakingOrder<T>(reports: T[], boardOf: (report: T) => string): T[] {
  return reports
    .map((report, order) => ({ report, order, key: boardOf(report) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.order - b.order))
    .map(({ report }) => report);
}

/**
 * The reports that may make their board (`mayMake`), in making order (inMakingOrder), each with
 * the state its board is made in (madeStates, over every report of the list): what the lookups'
 * statement (PostgreSQL) and createDevices (SQLite) make boards from.
 */
export function boardMakers<T>(
  reports: T[],
  boardOf: (report: T) => string,
  inputOf: (report: T) => JigReportInput,
  mayMake: (report: T) => boolean,
): { report: T; state: MovedState }[] {
  const states = madeStates(reports, boardOf, inputOf);
  const makers = reports.map((report, i) => ({ report, state: states[i] })).filter(({ report }) => mayMake(report));
  return inMakingOrder(makers, ({ report }) => boardOf(report));
}

/**
 * The boards the round's reports make, in the lookup's own statement (PostgreSQL): each
 * candidate whose board is neither stored nor made by an earlier candidate, whose report's uuid
 * is not stored, whose project is of its jig's company and whose batch is of its project; that
 * is, exactly the boards the checks and createDevices would make after it, one round trip
 * sooner, each already as its reports leave it (madeStates). A board another writer is making meanwhile waits for it (the unique key), then is
 * left to that writer: createDevices locks it as it finds it.
 */
const newBoards = (slot: Slot<'candidates' | 'now'>, db: Kysely<DB>) => sql`
  insert into devices (project_id, production_batch_id, serial, serial_key, ${sql.raw(MOVED_LIST)}, created_at, updated_at)
  select v.project, v.batch, v.serial, v.key, ${sql.raw(MOVED_OF_V)}, ${slot('now')}, ${slot('now')}
  from ${jsonRecordset(db, NEW_BOARD, slot('candidates'))}
  inner join production_batches on production_batches.id = v.batch and production_batches.project_id = v.project
  where exists (select 1 from projects where projects.id = v.project and projects.company_id = v.company)
    and not exists (select 1 from device_reports where device_reports.uuid = v.uuid)
    and not exists (select 1 from devices where devices.project_id = v.project and devices.serial_key = v.key)
  order by v.position
  on conflict (project_id, serial_key) do nothing
  returning ${sql.raw(DEVICE_STATE.join(', '))}`;

const UUID = { uuid: 'text' } as const;
/** A report's board: its jig's company, the project it names, its serial's key. */
const BOARD = { company: 'integer', project: 'integer', key: 'text' } as const;

const storedQuery = (slot: Slot<'uuids'>, db: Kysely<DB>) =>
  db
    .selectFrom('device_reports')
    .where(amongJson(db, sql.ref('device_reports.uuid'), 'uuid', 'text', slot('uuids')))
    .select(['id', 'uuid', 'device_id', 'company_id', 'out_of_policy']);

const projectsQuery = (slot: Slot<'projects'>, db: Kysely<DB>) =>
  db
    .selectFrom('projects')
    .where(amongJson(db, sql.ref('projects.id'), 'id', 'integer', slot('projects')))
    .select(['id', 'company_id']);

/**
 * The boards asked for, each in its project if the project is of the company; on PostgreSQL
 * locked, in id order, so writers that want the same boards queue rather than deadlock. There
 * `project_id + 0`: a project created since the planner's last statistics looks empty to it,
 * and it would walk the project's devices on a project index (8 ms at 2,000 boards, growing)
 * instead of looking the few keys up on devices_serial_key (0.8 ms). SQLite (one writer, no
 * row locks) is left unordered: asked for id order, it would rather walk the table in rowid
 * order than sort the few rows its unique index finds.
 */
function boardsQuery(slot: Slot<'boards'>, db: Kysely<DB>) {
  const pg = dialectOf(db) === 'postgres';
  const query = db
    .selectFrom('devices')
    .innerJoin(
      sql`(select distinct v.project, v.key from ${jsonRecordset(db, BOARD, slot('boards'))}
        where exists (select 1 from projects where projects.id = v.project and projects.company_id = v.company))`.as('wanted'),
      (join) => join.onRef('devices.serial_key', '=', sql.ref('wanted.key') as never).on(pg ? sql`devices.project_id + 0` : sql.ref('devices.project_id'), '=', sql.ref('wanted.project')),
    )
    .select([...LOOKED_UP]);
  return pg ? query.orderBy('devices.id').forUpdate(['devices']) : query;
}

const storedBefore = preparedOnce<StoredBefore, 'uuids'>(storedQuery);
const projectOwners = preparedOnce<ProjectOwner, 'projects'>(projectsQuery);
const boardsOf = preparedOnce<DeviceState, 'boards'>(boardsQuery);

/**
 * lookUp's one statement on PostgreSQL, with the new boards made (newBoards). The projects'
 * release locks are shared first (release-lock.ts).
 */
const lookUpTogether = preparedOnce<
  { devices: DeviceState[]; stored: StoredBefore[]; projects: ProjectOwner[]; made: DeviceState[] },
  'uuids' | 'projects' | 'boards' | 'candidates' | 'now'
>(
  (slot, db: Kysely<DB>) => sql`
    with shared as (${shareReleaseLocksSql(db, slot('projects'))}), locked as (${boardsQuery(slot, db)}), made as (${newBoards(slot, db)})
    select
      (select count(*) from shared) as shared,
      (select coalesce(json_agg(locked), '[]') from locked) as devices,
      (select coalesce(json_agg(made), '[]') from made) as made,
      (select coalesce(json_agg(s), '[]') from (${storedQuery(slot, db)}) as s) as stored,
      (select coalesce(json_agg(p), '[]') from (${projectsQuery(slot, db)}) as p) as projects`,
);

const byUuid = (stored: StoredBefore[]) => new Map(stored.map((r) => [r.uuid, r]));
const byDeviceKey = (devices: DeviceState[]) => new Map(devices.map((row) => [deviceKey(row.project_id, row.serial_key), row]));

/**
 * The boards of these reports (each in its project, if the project is of the jig's company),
 * by deviceKey; locked until commit on PostgreSQL, in id order.
 */
export async function lockDevices(trx: Kysely<DB>, boards: { company: number; project: number; key: string }[]): Promise<Map<string, DeviceState>> {
  if (boards.length === 0) return new Map();
  return byDeviceKey(await boardsOf(trx, { boards: recordsJson(BOARD, boards) }));
}
