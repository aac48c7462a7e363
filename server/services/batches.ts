import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  BatchFirstPasses,
  BatchTotals,
  ProductionBatch,
  ProductionBatchCreateInput,
  productionBatchListQuery,
  ProductionBatchUpdateInput,
  ProjectYields,
} from '../../contract/batches';
import type { Page } from '../../contract/envelope';
import type { Project } from '../../contract/projects';
import type { DB } from '../db/schema';
import { invalidField } from '../http/errors';
import {
  countBatchDevices,
  createBatch,
  deleteBatch,
  findBatch,
  listProjectBatches,
  lockBatch,
  projectYields,
  toFirstPasses,
  toTotals,
  updateBatch,
  type MoreBatchCounters,
} from '../store/batches';
import { findManufacturer } from '../store/manufacturers';
import { deleteRow, named, stillHolds } from './deletes';

/** Production batches of a project: every member reads, admins and engineers plan them. */
export function batchesOfProject(
  db: Kysely<DB>,
  project: Project,
  list: z.output<typeof productionBatchListQuery>,
): Promise<Page<ProductionBatch>> {
  return listProjectBatches(db, project.id, list);
}

/** A batch is made by one of the project's own manufacturers; any other id is a 422. */
export async function addBatch(db: Kysely<DB>, project: Project, input: ProductionBatchCreateInput): Promise<ProductionBatch> {
  const manufacturer = await findManufacturer(db, input.manufacturer_id);
  if (manufacturer?.project_id !== project.id) {
    throw invalidField('manufacturer_id', 'Pick a manufacturer of this project.');
  }
  const id = await createBatch(db, { project_id: project.id, ...input });
  return (await findBatch(db, id))!;
}

export async function changeBatch(
  db: Kysely<DB>,
  batch: ProductionBatch,
  input: ProductionBatchUpdateInput,
): Promise<ProductionBatch> {
  await updateBatch(db, batch, input);
  return (await findBatch(db, batch.id))!;
}

/**
 * The batch's boards by status and its first-pass yield, from its maintained counters (O(1)
 * however many boards it holds), which the route's scope has read with the batch: no query.
 */
export const batchTotals = (batch: ProductionBatch, counters: MoreBatchCounters): BatchTotals => toTotals(batch, counters);

export const batchFirstPasses = (batch: ProductionBatch): BatchFirstPasses => toFirstPasses(batch);

/** A project's first-, second- and last-pass yield over all its batches, from their counters. */
export const yieldsOfProject = (db: Kysely<DB>, project: Project): Promise<ProjectYields> => projectYields(db, project.id);

/**
 * Deletes a batch nobody built boards into yet (a typo, a plan that fell through). One that
 * holds boards is a 409 naming it and how many: they move to another batch first (corrections).
 */
export function removeBatch(db: Kysely<DB>, batch: ProductionBatch): Promise<void> {
  return deleteRow({ db }, {
    lock: (trx) => lockBatch(trx, batch.id),
    refusal: async (trx, locked) =>
      stillHolds(
        named('Production batch', locked.name),
        [{ count: await countBatchDevices(trx, locked.id), one: 'board', many: 'boards' }],
        'move or correct them first',
      ),
    remove: (trx, locked) => deleteBatch(trx, locked),
  });
}
