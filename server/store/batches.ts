import { sql, type Kysely } from 'kysely';
import type {
  BatchFirstPasses,
  BatchStatus,
  BatchTotals,
  ProductionBatch,
} from '../../contract/batches';
import type { ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import { invalidField } from '../http/errors';
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
      'production_batches.first_pass_count',
      'production_batches.created_at',
      'production_batches.updated_at',
    ]);
}
type BatchRow = Awaited<ReturnType<ReturnType<typeof selectBatches>['executeTakeFirstOrThrow']>>;

export const toBatch = (row: BatchRow): ProductionBatch => ({ ...row, status: row.status as BatchStatus });

type BatchSort = 'id' | 'name' | 'status' | 'planned_quantity' | 'created_at' | 'device_count' | 'first_pass_yield';
export const BATCH_SORTING: ListSorting<BatchSort> = {
  columns: {
    id: sql.ref('production_batches.id'),
    name: sql`lower(production_batches.name)`,
    status: sql.ref('production_batches.status'),
    planned_quantity: sql.ref('production_batches.planned_quantity'),
    created_at: sql.ref('production_batches.created_at'),
    device_count: sql.ref('production_batches.device_count'),
    // From the lifetime counters; a batch with nothing tested has no yield (null, sorts first).
    first_pass_yield: sql`production_batches.first_pass_count * 1.0 / nullif(production_batches.tested_count, 0)`,
  },
  default: 'id',
  tiebreaker: sql.ref('production_batches.id'),
  nullable: ['first_pass_yield'],
};

export async function findBatch(db: Kysely<DB>, id: number): Promise<ProductionBatch | undefined> {
  const row = await selectBatches(db).where('production_batches.id', '=', id).executeTakeFirst();
  return row && toBatch(row);
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

/** The batch's counters with the company that owns it (for the visibility check). */
export async function findBatchCounters(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('production_batches')
    .innerJoin('projects', 'projects.id', 'production_batches.project_id')
    .where('production_batches.id', '=', id)
    .selectAll('production_batches')
    .select('projects.company_id')
    .executeTakeFirst();
}
type CounterRow = NonNullable<Awaited<ReturnType<typeof findBatchCounters>>>;

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

export function toTotals(row: CounterRow): BatchTotals {
  return {
    batch_id: row.id,
    planned: row.planned_quantity,
    devices: row.device_count,
    untested: row.untested_count,
    passed: row.passed_count,
    failed: row.failed_count,
    released: row.released_count,
    scrapped: row.scrapped_count,
    reports: row.report_count,
    // Released boards passed before they shipped, so they count as passed here.
    yield: ratio(row.passed_count + row.released_count, row.tested_count),
  };
}

export function toFirstPasses(row: CounterRow): BatchFirstPasses {
  return {
    batch_id: row.id,
    tested: row.tested_count,
    first_pass: row.first_pass_count,
    first_pass_yield: ratio(row.first_pass_count, row.tested_count),
  };
}
