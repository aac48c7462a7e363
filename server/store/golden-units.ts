import { sql, type Kysely } from 'kysely';
import { serialKey } from '../../contract/devices';
import type { Page } from '../../contract/envelope';
import type { GoldenUnit, GoldenUnitUpdateInput, HeldReport, HeldReportListQuery, HeldState } from '../../contract/readiness';
import { pagedList, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import './readiness';

const COLUMNS = ['id', 'project_id', 'serial', 'kind', 'fails_step', 'created_at', 'updated_at'] as const;

/** A project's golden units, by serial (a project lists a few). */
export async function listGoldenUnits(db: Kysely<DB>, projectId: number): Promise<GoldenUnit[]> {
  return db.selectFrom('project_golden_units').select(COLUMNS).where('project_id', '=', projectId).orderBy('serial_key').orderBy('id').limit(1000).execute();
}

/** A golden unit with its project's company (the scope's owner). */
export async function findGoldenUnit(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('project_golden_units as g')
    .innerJoin('projects as p', 'p.id', 'g.project_id')
    .select(['g.id', 'g.project_id', 'g.serial', 'g.kind', 'g.fails_step', 'g.created_at', 'g.updated_at', 'p.company_id'])
    .where('g.id', '=', id)
    .executeTakeFirst();
}

export async function goldenSerialTaken(db: Kysely<DB>, projectId: number, serial: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('project_golden_units').select('id').where('project_id', '=', projectId).where('serial_key', '=', serialKey(serial));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export async function insertGoldenUnit(db: Kysely<DB>, projectId: number, unit: { serial: string; kind: string; fails_step: string | null }): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('project_golden_units')
    .values({ project_id: projectId, serial: unit.serial, serial_key: serialKey(unit.serial), kind: unit.kind as GoldenUnit['kind'], fails_step: unit.fails_step, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGoldenUnit(db: Kysely<DB>, id: number, changes: GoldenUnitUpdateInput & { fails_step?: string | null }): Promise<void> {
  const set = { ...changes, ...(changes.serial !== undefined && { serial_key: serialKey(changes.serial) }), updated_at: new Date().toISOString() };
  await db.updateTable('project_golden_units').set(set).where('id', '=', id).execute();
}

export async function deleteGoldenUnitRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('project_golden_units').where('id', '=', id).execute();
}

export async function goldenWindowOf(db: Kysely<DB>, projectId: number): Promise<number> {
  const row = await db.selectFrom('projects').select('golden_window_hours').where('id', '=', projectId).executeTakeFirstOrThrow();
  return Number(row.golden_window_hours);
}

export async function setGoldenWindow(db: Kysely<DB>, projectId: number, hours: number): Promise<void> {
  await db.updateTable('projects').set({ golden_window_hours: hours }).where('id', '=', projectId).execute();
}

export async function fixturePolicyOf(db: Kysely<DB>, companyId: number): Promise<string> {
  const row = await db.selectFrom('companies').select('fixture_policy').where('id', '=', companyId).executeTakeFirstOrThrow();
  return row.fixture_policy;
}

export async function setFixturePolicy(db: Kysely<DB>, companyId: number, policy: string): Promise<void> {
  await db.updateTable('companies').set({ fixture_policy: policy }).where('id', '=', companyId).execute();
}

const HELD_SORTING: ListSorting<HeldReportListQuery['sortby'] & string> = {
  columns: { id: sql.ref('r.id'), finished_at: sql.ref('r.finished_at') },
  default: 'id',
  tiebreaker: sql.ref('r.id'),
};

/** A page of the project's held (or discarded) reports, oldest first unless sorted, on the held index. */
export async function listHeldReports(db: Kysely<DB>, projectId: number, state: HeldState, list: HeldReportListQuery): Promise<Page<HeldReport>> {
  const query = db
    .selectFrom('device_reports as r')
    .innerJoin('devices as d', 'd.id', 'r.device_id')
    .select(['r.id', 'r.device_id', 'd.serial', 'r.enclosure_id', 'r.result', 'r.finished_at', 'r.held'])
    .where('r.project_id', '=', projectId)
    .where('r.held', '=', state);
  const page = await pagedList(query, list, HELD_SORTING);
  return { ...page, data: page.data.map((r) => ({ ...r, held: r.held as HeldState })) };
}

/** Moves these held reports of the project out of `held` (to null: released; or 'discarded'); the number moved. */
export async function unholdReports(db: Kysely<DB>, projectId: number, ids: number[], to: 'discarded' | null): Promise<number> {
  const result = await db
    .updateTable('device_reports')
    .set({ held: to })
    .where('project_id', '=', projectId)
    .where('held', '=', 'held')
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
