import { z } from 'zod';
import { deviceListQuery } from './devices';
import { listQuerySchema } from './list-query';
import { countField, idField } from './numbers';
import { choice, requiredText } from './text';

export const BATCH_STATUSES = ['open', 'closed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const productionBatchSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  manufacturer_id: z.number().int(),
  manufacturer_name: z.string(),
  name: z.string(),
  planned_quantity: z.number().int(),
  status: z.enum(BATCH_STATUSES),
  /** From the batch's maintained counters (see BatchTotals). */
  device_count: z.number().int(),
  /** Boards with at least one test run: the denominator of both yields (contract/figures.ts). */
  tested_count: z.number().int(),
  passed_count: z.number().int(),
  failed_count: z.number().int(),
  /** Boards shipped in a release batch: they passed, so they count in the yield's passed boards. */
  released_count: z.number().int(),
  /** Boards whose first test run passed. */
  first_pass_count: z.number().int(),
  /** (passed_count + released_count) / tested_count; null while nothing was tested. */
  yield: z.number().nullable(),
  /** first_pass_count / tested_count; null while nothing was tested. */
  first_pass_yield: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductionBatch = z.infer<typeof productionBatchSchema>;

const batchName = requiredText('Name').max(120, 'Name is at most 120 characters.');
export const MAX_PLANNED_QUANTITY = 10_000_000;
const plannedQuantity = countField('Planned quantity', {
  min: 1,
  max: MAX_PLANNED_QUANTITY,
  minMessage: 'Plan at least one board.',
});

export const productionBatchCreateInput = z.object({
  name: batchName,
  manufacturer_id: idField('manufacturer'),
  planned_quantity: plannedQuantity,
});
export type ProductionBatchCreateInput = z.infer<typeof productionBatchCreateInput>;

export const productionBatchUpdateInput = z
  .object({ name: batchName, planned_quantity: plannedQuantity, status: choice(BATCH_STATUSES, 'Status') })
  .partial();
export type ProductionBatchUpdateInput = z.infer<typeof productionBatchUpdateInput>;

export const BATCH_SORTABLE = ['id', 'name', 'status', 'planned_quantity', 'created_at', 'device_count', 'yield', 'first_pass_yield'] as const;
export const productionBatchListQuery = listQuerySchema(BATCH_SORTABLE).extend({
  status: z.enum(BATCH_STATUSES).optional(),
});

/** `GET /productionbatches/{id}/devices`: the batch is the path's, so no batch filter here. */
export const batchDeviceListQuery = deviceListQuery.omit({ production_batch_id: true });

/**
 * `GET /batch/{id}/totals`: devices of the batch by status, from maintained counters, and its
 * yield with the two numbers it divides (README "Figures").
 */
export const batchTotalsSchema = z.object({
  batch_id: z.number().int(),
  planned: z.number().int(),
  devices: z.number().int(),
  /** Boards with at least one test run (the `tested` of /firstpasses too). */
  tested: z.number().int(),
  untested: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  released: z.number().int(),
  scrapped: z.number().int(),
  reports: z.number().int(),
  /** (passed + released) / tested; null when nothing was tested. */
  yield: z.number().nullable(),
});
export type BatchTotals = z.infer<typeof batchTotalsSchema>;

/** `GET /batch/{id}/firstpasses`: boards that passed on their first attempt. */
export const batchFirstPassesSchema = z.object({
  batch_id: z.number().int(),
  /** Boards with at least one test run. */
  tested: z.number().int(),
  /** Boards whose first test run passed. */
  first_pass: z.number().int(),
  /** first_pass / tested; null when nothing was tested. */
  first_pass_yield: z.number().nullable(),
});
export type BatchFirstPasses = z.infer<typeof batchFirstPassesSchema>;
