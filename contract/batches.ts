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
  /** Boards that passed on their first or second test run. */
  second_pass_count: z.number().int(),
  /** Tested boards standing passed or released: their latest verdict is a pass. */
  last_pass_count: z.number().int(),
  /** (passed_count + released_count) / tested_count; null while nothing was tested. */
  yield: z.number().nullable(),
  /** first_pass_count / tested_count; null while nothing was tested. */
  first_pass_yield: z.number().nullable(),
  /** second_pass_count / tested_count. */
  second_pass_yield: z.number().nullable(),
  /** last_pass_count / tested_count: the final yield. */
  last_pass_yield: z.number().nullable(),
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
 * yield with the two numbers it divides (docs/architecture.md "Figures").
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
  /** Boards that passed on their first or second run, and that share of tested. */
  second_pass: z.number().int(),
  second_pass_yield: z.number().nullable(),
  /** Tested boards whose latest verdict is a pass (passed or released), and that share. */
  last_pass: z.number().int(),
  last_pass_yield: z.number().nullable(),
});
export type BatchFirstPasses = z.infer<typeof batchFirstPassesSchema>;

/**
 * First-, second- and last-pass yield of a set of tested boards, each with the counts it
 * divides (contract/figures.ts): `GET /projects/{id}/yields` for a whole project.
 */
export const passYieldsSchema = z.object({
  /** Boards with at least one test run. */
  tested: z.number().int(),
  first_passes: z.number().int(),
  second_passes: z.number().int(),
  last_passes: z.number().int(),
  first_pass_yield: z.number().nullable(),
  second_pass_yield: z.number().nullable(),
  last_pass_yield: z.number().nullable(),
});
export type PassYields = z.infer<typeof passYieldsSchema>;

export const projectYieldsSchema = passYieldsSchema.extend({
  project_id: z.number().int(),
  /** Production batches the figures sum. */
  batches: z.number().int(),
});
export type ProjectYields = z.infer<typeof projectYieldsSchema>;
