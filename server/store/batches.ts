import { sql, type Kysely } from 'kysely';
import type {
  BATCH_SORTABLE,
  BatchFirstPasses,
  BatchStatus,
  BatchTotals,
  ProductionBatch,
  ProjectYields,
} from '../../contract/batches';
import { boardYield, firstPassYield, lastPassYield, passYields, secondPassYield } from '../../contract/figures';
import type { Page } from '../../contract/envelope';
import type { Project } from '../../contract/projects';
import { lockedOnPostgres, toCount } from '../db/dialect';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import { preparedOnce, type Slot } from '../db/prepared';
import type { DB } from '../db/schema';
import { invalidField } from '../http/errors';
import { JOINED_PROJECT_COLUMNS, projectOfJoined } from './projects';
import { withUniqueFields } from './unique';

const NAME_TAKEN = 'This project has a batch with this name already.';

/** Batches with their manufacturer's name; every batch answer starts here. */
export function selectBatches(db: Kysely<DB>) {
  return db
    .selectFrom('production_batches')
    .innerJoin('manufacturers', 'manufacturers.id', 'production_batches.manufacturer_id')
    .select([
      'production_batches.id',
      'production_batches.project_id',
      'production_batches.manufacturer_id',
      'manufacturers.name as manufacturer_name',
      'production_batches.name',
      'production_batches.planned_quantity',
      'production_batches.status',
      'production_batches.device_count',
      'production_batches.tested_count',
      'production_batches.passed_count',
      'production_batches.failed_count',
      'production_batches.released_count',
      'production_batches.first_pass_count',
      'production_batches.second_pass_count',
      'production_batches.last_pass_count',
      'production_batches.created_at',
      'production_batches.updated_at',
    ]);
}
type BatchRow = Awaited<ReturnType<ReturnType<typeof selectBatches>['executeTakeFirstOrThrow']>>;

export const toBatch = (row: BatchRow): ProductionBatch => ({
  ...row,
  status: row.status as BatchStatus,
  yield: boardYield({ passed: row.passed_count, released: row.released_count, tested: row.tested_count }),
  first_pass_yield: firstPassYield(row.first_pass_count, row.tested_count),
  second_pass_yield: secondPassYield(row.second_pass_count, row.tested_count),
  last_pass_yield: lastPassYield(row.last_pass_count, row.tested_count),
});

/**
 * The batch figures of contract/figures.ts in SQL, for sorting and thresholds: the same ratios
 * of the same counters, null when nothing was tested.
 */
export const BATCH_YIELD_SQL = sql<number | null>`(production_batches.passed_count + production_batches.released_count) * 1.0 / nullif(production_batches.tested_count, 0)`;
export const BATCH_FIRST_PASS_YIELD_SQL = sql<number | null>`production_batches.first_pass_count * 1.0 / nullif(production_batches.tested_count, 0)`;

type BatchSort = (typeof BATCH_SORTABLE)[number];
export const BATCH_SORTING: ListSorting<BatchSort> = {
  columns: {
    id: sql.ref('production_batches.id'),
    name: sql`lower(production_batches.name)`,
    status: sql.ref('production_batches.status'),
    planned_quantity: sql.ref('production_batches.planned_quantity'),
    created_at: sql.ref('production_batches.created_at'),
    device_count: sql.ref('production_batches.device_count'),
    // From the lifetime counters; a batch with nothing tested has no yield (null, sorts first).
    yield: BATCH_YIELD_SQL,
    first_pass_yield: BATCH_FIRST_PASS_YIELD_SQL,
  },
  default: 'id',
  tiebreaker: sql.ref('production_batches.id'),
  nullable: ['yield', 'first_pass_yield'],
};

/** A page of a project's batches, searched by batch or manufacturer name, filtered by status. */
export async function listProjectBatches(
  db: Kysely<DB>,
  projectId: number,
  list: ListQuery<BatchSort> & { status?: BatchStatus },
): Promise<Page<ProductionBatch>> {
  let query = selectBatches(db).where('production_batches.project_id', '=', projectId);
  if (list.search) {
    query = query.where(
      matchesSearch(db, list.search, [sql.ref('production_batches.name'), sql.ref('manufacturers.name')]),
    );
  }
  if (list.status) query = query.where('production_batches.status', '=', list.status);
  const page = await pagedList(query, list, BATCH_SORTING, { db });
  return { data: page.data.map(toBatch), meta: page.meta };
}

export async function findBatch(db: Kysely<DB>, id: number): Promise<ProductionBatch | undefined> {
  const row = await selectBatches(db).where('production_batches.id', '=', id).executeTakeFirst();
  return row && toBatch(row);
}

/** The maintained counters the batch answer leaves out (the totals answer reads them). */
export type MoreBatchCounters = { untested_count: number; scrapped_count: number; report_count: number };

/**
 * A batch with its project and all its counters in one query: what every `/productionbatches/:id`
 * and `/batch/:id` route starts from (the access scope), so none of them costs a second round trip.
 */
export async function findBatchWithProject(
  db: Kysely<DB>,
  id: number,
): Promise<{ batch: ProductionBatch; project: Project; counters: MoreBatchCounters } | undefined> {
  const [row] = await batchWithProjectById(db, { id });
  if (!row) return undefined;
  const { project, own } = projectOfJoined(row);
  const { untested_count, scrapped_count, report_count, ...batch } = own;
  return { batch: toBatch(batch), project, counters: { untested_count, scrapped_count, report_count } };
}

/** A production batch with its project by id: one statement compiled once (prepared.ts): the access check of every production batch route reads it, and Kysely's building and compiling cost more than the read. */
const batchWithProjectById = preparedOnce((slot: Slot<'id'>, db: Kysely<DB>) =>
  selectBatches(db)
    .innerJoin('projects', 'projects.id', 'production_batches.project_id')
    .select([
      'production_batches.untested_count',
      'production_batches.scrapped_count',
      'production_batches.report_count',
      ...JOINED_PROJECT_COLUMNS,
    ])
    .where('production_batches.id', '=', slot('id')),
);

/** Just the batch's project: what a panel move checks its target against. */
export function findBatchHead(db: Kysely<DB>, id: number) {
  return db.selectFrom('production_batches').where('id', '=', id).select(['id', 'project_id']).executeTakeFirst();
}

async function assertNameFree(db: Kysely<DB>, projectId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('production_batches')
    .where('project_id', '=', projectId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .select('id');
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw invalidField('name', NAME_TAKEN);
}

export async function createBatch(
  db: Kysely<DB>,
  batch: { project_id: number; manufacturer_id: number; name: string; planned_quantity: number },
): Promise<number> {
  await assertNameFree(db, batch.project_id, batch.name);
  const now = new Date().toISOString();
  const { id } = await withUniqueFields(
    () =>
      db
        .insertInto('production_batches')
        .values({ ...batch, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow(),
    { production_batches_project_name: ['name', NAME_TAKEN] },
  );
  return id;
}

export async function updateBatch(
  db: Kysely<DB>,
  batch: Pick<ProductionBatch, 'id' | 'project_id'>,
  changes: { name?: string; planned_quantity?: number; status?: BatchStatus },
): Promise<void> {
  if (changes.name !== undefined) await assertNameFree(db, batch.project_id, changes.name, batch.id);
  await withUniqueFields(
    () =>
      db
        .updateTable('production_batches')
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where('id', '=', batch.id)
        .execute(),
    { production_batches_project_name: ['name', NAME_TAKEN] },
  );
}

/** The batch, locked for a delete (services/deletes.ts); undefined once gone. */
export function lockBatch(trx: Kysely<DB>, id: number) {
  return lockedOnPostgres(trx, trx.selectFrom('production_batches').where('id', '=', id).select(['id', 'project_id', 'name'])).executeTakeFirst();
}

/** The boards a batch holds, counted (not its counter): what refuses its delete. */
export async function countBatchDevices(trx: Kysely<DB>, id: number): Promise<number> {
  const row = await trx
    .selectFrom('devices')
    .where('production_batch_id', '=', id)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return toCount(row.n as string | number);
}

/**
 * Deletes a batch that holds no boards (so no reports either: they follow their boards), with
 * the daily statistics rows its moved-away boards left behind at zero.
 */
export async function deleteBatch(trx: Kysely<DB>, batch: { id: number; project_id: number }): Promise<void> {
  await trx
    .deleteFrom('report_daily_stats')
    .where('project_id', '=', batch.project_id) // the primary key's first column
    .where('production_batch_id', '=', batch.id)
    .execute();
  for (const table of ['report_daily_slices', 'step_failure_daily_slices', 'step_measure_daily'] as const) {
    await trx.deleteFrom(table).where('project_id', '=', batch.project_id).where('production_batch_id', '=', batch.id).execute();
  }
  await trx.deleteFrom('production_batches').where('id', '=', batch.id).execute();
}

/** The batch's boards by status and its yield, from the counters the scope read with it. */
export function toTotals(batch: ProductionBatch, more: MoreBatchCounters): BatchTotals {
  const row = { ...batch, ...more };
  return {
    batch_id: row.id,
    planned: row.planned_quantity,
    devices: row.device_count,
    tested: row.tested_count,
    untested: row.untested_count,
    passed: row.passed_count,
    failed: row.failed_count,
    released: row.released_count,
    scrapped: row.scrapped_count,
    reports: row.report_count,
    yield: boardYield({ passed: row.passed_count, released: row.released_count, tested: row.tested_count }),
  };
}

/** From the batch answer's own counters. */
export function toFirstPasses(
  row: Pick<ProductionBatch, 'id' | 'tested_count' | 'first_pass_count' | 'second_pass_count' | 'last_pass_count'>,
): BatchFirstPasses {
  return {
    batch_id: row.id,
    tested: row.tested_count,
    first_pass: row.first_pass_count,
    first_pass_yield: firstPassYield(row.first_pass_count, row.tested_count),
    second_pass: row.second_pass_count,
    second_pass_yield: secondPassYield(row.second_pass_count, row.tested_count),
    last_pass: row.last_pass_count,
    last_pass_yield: lastPassYield(row.last_pass_count, row.tested_count),
  };
}

/**
 * A project's pass yields: its batches' counters summed (a project has tens of batches, never a
 * scan of its boards or reports).
 */
export async function projectYields(db: Kysely<DB>, projectId: number): Promise<ProjectYields> {
  const row = await db
    .selectFrom('production_batches')
    .where('project_id', '=', projectId)
    .select((eb) => [
      eb.fn.countAll().as('batches'),
      eb.fn.sum('tested_count').as('tested'),
      eb.fn.sum('first_pass_count').as('first_passes'),
      eb.fn.sum('second_pass_count').as('second_passes'),
      eb.fn.sum('last_pass_count').as('last_passes'),
    ])
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => toCount(v as string | number | null);
  return {
    project_id: projectId,
    batches: n(row.batches),
    ...passYields({ tested: n(row.tested), first_passes: n(row.first_passes), second_passes: n(row.second_passes), last_passes: n(row.last_passes) }),
  };
}
