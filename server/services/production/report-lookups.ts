import { sql, type Kysely, type SqlBool } from 'kysely';
import { arrayParameter, preparedOnce } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { effectiveStatus, serialKey } from '../../store/devices';
import type { ProjectOwner, StoredBefore } from './check-reports';
import type { CountedDevice } from './counters';
import { shareReleaseLocksSql } from './release-lock';
import type { IngestItem } from './store-reports';

/** What of a device ingestion reads and writes. */
export type DeviceState = CountedDevice & {
  id: number;
  serial_key: string;
  last_result: string | null;
  tested_at: string | null;
  panel_id: string | null;
};

/** The columns of DeviceState. */
export const DEVICE_STATE = ['id', 'project_id', 'production_batch_id', 'serial_key', 'status', 'report_count', 'first_pass', 'pass_attempt', 'last_result', 'tested_at', 'panel_id'] as const;

/** DeviceState as a stored board is read: a board of a released batch is released (release-catch-up.ts). */
const LOOKED_UP = [...DEVICE_STATE.filter((column) => column !== 'status'), effectiveStatus().as('status')] as const;

export const deviceKey = (projectId: number, key: string) => `${projectId}\u0000${key}`;

/** What a round's checks and store start from: reports stored before, the projects, the boards. */
export type Lookups = { stored: Map<string, StoredBefore>; projects: Map<number, ProjectOwner>; devices: Map<string, DeviceState> };

/**
 * The reports already stored under the items' uuids (by uuid), the projects they name (by id),
 * and their boards (by deviceKey), locked on PostgreSQL. A board is looked up only in a project
 * of its jig's company: a report naming another company's project is refused by the checks,
 * and must not even wait on that company's boards. On PostgreSQL all three come in one
 * statement, since each round trip costs the server more than these index lookups; SQLite, in
 * process, asks them one after the other.
 */
export async function lookUp(trx: Kysely<DB>, pg: boolean, items: IngestItem[]): Promise<Lookups> {
  const uuids = items.map((item) => item.input.uuid);
  const projectIds = [...new Set(items.map((item) => item.input.project_id))];
  const boards = items.map(({ jig, input }) => ({ company: jig.company_id, project: input.project_id, key: serialKey(input.serial) }));
  if (!pg) {
    const storedQuery = trx.selectFrom('device_reports').where('uuid', 'in', uuids).select(['id', 'uuid', 'device_id', 'company_id']);
    const projectsQuery = trx.selectFrom('projects').where('id', 'in', projectIds).select(['id', 'company_id']);
    const stored = await storedQuery.execute();
    const projects = await projectsQuery.execute();
    const owners = new Map(projects.map((p) => [p.id, p]));
    const ours = boards.filter((b) => owners.get(b.project)?.company_id === b.company);
    return { stored: byUuid(stored), projects: owners, devices: await lockDevices(trx, pg, ours.map((b) => [b.project, b.key])) };
  }
  const [row] = await lookUpTogether(trx, {
    companies: boards.map((b) => b.company),
    projects: boards.map((b) => b.project),
    keys: boards.map((b) => b.key),
    uuids,
    projectIds,
  });
  return { stored: byUuid(row.stored), projects: new Map(row.projects.map((p) => [p.id, p])), devices: byDeviceKey(row.devices) };
}

/**
 * lookUp's one statement on PostgreSQL, its text built once and prepared (prepared.ts): arrays,
 * not lists, so it never varies with the reports. The projects' release locks are shared first
 * (release-lock.ts). A board is looked up in its project only if the project is of the jig's
 * company; on its serial's index (`project_id + 0`, as in devicesQuery), in id order, locked.
 */
const lookUpTogether = preparedOnce<
  { devices: DeviceState[]; stored: StoredBefore[]; projects: ProjectOwner[] },
  'companies' | 'projects' | 'keys' | 'uuids' | 'projectIds'
>((slot, db: Kysely<DB>) => {
  const locked = db
    .selectFrom('devices')
    .innerJoin(
      sql`(select distinct b.project, b.key
        from unnest(${arrayParameter(slot('companies'), 'integer')}, ${arrayParameter(slot('projects'), 'integer')}, ${arrayParameter(slot('keys'), 'text')}) as b(company, project, key)
        where exists (select 1 from projects where projects.id = b.project and projects.company_id = b.company))`.as('wanted'),
      (join) => join.onRef('devices.serial_key', '=', sql.ref('wanted.key') as never).on(sql`devices.project_id + 0`, '=', sql.ref('wanted.project')),
    )
    .select([...LOOKED_UP])
    .orderBy('devices.id')
    .forUpdate(['devices']);
  const stored = db.selectFrom('device_reports').where(sql<SqlBool>`uuid = any(${arrayParameter(slot('uuids'), 'text')})`).select(['id', 'uuid', 'device_id', 'company_id']);
  const projects = db.selectFrom('projects').where(sql<SqlBool>`id = any(${arrayParameter(slot('projectIds'), 'integer')})`).select(['id', 'company_id']);
  return sql`
    with shared as (${shareReleaseLocksSql(slot('projectIds'))}), locked as (${locked})
    select
      (select count(*) from shared) as shared,
      (select coalesce(json_agg(locked), '[]') from locked) as devices,
      (select coalesce(json_agg(s), '[]') from (${stored}) as s) as stored,
      (select coalesce(json_agg(p), '[]') from (${projects}) as p) as projects`;
});

const byUuid = (stored: StoredBefore[]) => new Map(stored.map((r) => [r.uuid, r]));
const byDeviceKey = (devices: DeviceState[]) => new Map(devices.map((row) => [deviceKey(row.project_id, row.serial_key), row]));

/** The devices of these (project, serial key) pairs. */
function devicesQuery(trx: Kysely<DB>, pg: boolean, pairs: [number, string][]) {
  const byProject = new Map<number, Set<string>>();
  for (const [project, key] of pairs) byProject.set(project, (byProject.get(project) ?? new Set()).add(key));
  // On PostgreSQL `project_id + 0`: a project created since the planner's last statistics looks
  // empty to it, and it would walk the project's devices on a project index (8 ms at 2,000
  // boards, growing) instead of looking the few keys up on devices_serial_key (0.8 ms).
  const projectColumn = pg ? sql<number>`devices.project_id + 0` : sql.ref<number>('devices.project_id');
  return trx
    .selectFrom('devices')
    .where((eb) =>
      eb.or(
        [...byProject].map(([project, keys]) =>
          eb.and([eb(projectColumn, '=', project), eb('serial_key', 'in', [...keys])]),
        ),
      ),
    )
    .select([...LOOKED_UP]);
}

/** The devices of these (project, serial key) pairs, by deviceKey; locked until commit on PostgreSQL, in id order. */
export async function lockDevices(trx: Kysely<DB>, pg: boolean, pairs: [number, string][]): Promise<Map<string, DeviceState>> {
  if (pairs.length === 0) return new Map();
  const query = devicesQuery(trx, pg, pairs);
  // PostgreSQL locks the rows in id order, so writers that want the same boards queue rather than
  // deadlock. SQLite (one writer, no row locks) is left unordered: asked for id order, it would
  // rather walk the table in rowid order than sort the few rows its unique index finds.
  return byDeviceKey(await (pg ? query.orderBy('id').forUpdate() : query).execute());
}
