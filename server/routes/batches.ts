import {
  batchDeviceListQuery,
  batchFirstPassesSchema,
  batchTotalsSchema,
  productionBatchCreateInput,
  productionBatchListQuery,
  productionBatchSchema,
  productionBatchUpdateInput,
  projectYieldsSchema,
} from '../../contract/batches';
import { deviceSchema } from '../../contract/devices';
import { oneOf, pageOf } from '../../contract/envelope';
import { sendCsv, wantsCsv } from '../http/csv';
import { deleteRoute } from '../http/delete-route';
import { defineRoutes } from '../http/route';
import { addBatch, batchesOfProject, batchFirstPasses, batchTotals, changeBatch, removeBatch, yieldsOfProject } from '../services/batches';
import { deviceExport, devicePage } from '../services/device-lists';

/** Production batches of a project; admins and engineers plan them, every member reads. */
export default defineRoutes((route, { db, reads }) => {
  route({
    method: 'GET',
    url: '/projects/:id/productionbatches',
    summary: "A project's production batches",
    access: 'read',
    scope: 'project',
    query: productionBatchListQuery,
    response: pageOf(productionBatchSchema),
    handler: async ({ row: project, query }) => batchesOfProject(db, project, query),
  });

  route({
    method: 'GET',
    url: '/projects/:id/yields',
    summary: "A project's first-, second- and last-pass yield",
    description: "Over all of the project's production batches, summed from their maintained counters (contract/figures.ts).",
    access: 'read',
    scope: 'project',
    response: oneOf(projectYieldsSchema),
    handler: async ({ row: project }) => ({ data: await yieldsOfProject(db, project) }),
  });

  route({
    method: 'POST',
    url: '/projects/:id/productionbatches',
    summary: 'Plan a production batch',
    description: 'The manufacturer must be one of the project\'s own (422 otherwise).',
    access: 'production.edit',
    scope: 'project',
    body: productionBatchCreateInput,
    status: 201,
    response: oneOf(productionBatchSchema),
    handler: async ({ row: project, body }) => ({ data: await addBatch(db, project, body) }),
  });

  route({
    method: 'GET',
    url: '/productionbatches/:id',
    summary: 'One production batch',
    access: 'read',
    scope: 'productionBatch',
    response: oneOf(productionBatchSchema),
    handler: async ({ row }) => ({ data: row.batch }),
  });

  route({
    method: 'PATCH',
    url: '/productionbatches/:id',
    summary: 'Rename, re-plan, close or reopen a production batch',
    access: 'production.edit',
    scope: 'productionBatch',
    body: productionBatchUpdateInput,
    response: oneOf(productionBatchSchema),
    handler: async ({ row, body }) => ({ data: await changeBatch(db, row.batch, body) }),
  });

  deleteRoute(route, {
    url: '/productionbatches/:id',
    summary: 'Delete a production batch that holds no boards',
    refusedWhen: 'while the batch holds boards (move or correct them first)',
    access: 'production.edit',
    scope: 'productionBatch',
    remove: (row) => removeBatch(db, row.batch),
  });

  route({
    method: 'GET',
    url: '/productionbatches/:id/devices',
    summary: "A production batch's devices (JSON page or CSV download)",
    description: '`format=csv` (or `Accept: text/csv`) downloads every matching device instead of a page.',
    access: 'read',
    scope: 'productionBatch',
    query: batchDeviceListQuery,
    response: pageOf(deviceSchema),
    cachedPage: true,
    handler: async ({ row, query, request, reply }) =>
      wantsCsv(query.format, request) ? sendCsv(reply, await deviceExport(db, row, query)) : devicePage(reads, row, query),
  });

  route({
    method: 'GET',
    url: '/batch/:id/totals',
    summary: "A production batch's boards by status",
    description: 'From maintained counters: O(1) however many boards the batch holds.',
    access: 'read',
    scope: 'productionBatch',
    response: oneOf(batchTotalsSchema),
    handler: async ({ row }) => ({ data: batchTotals(row.batch, row.counters) }),
  });

  route({
    method: 'GET',
    url: '/batch/:id/firstpasses',
    summary: "A production batch's first-pass yield, with second-pass and last-pass yield",
    access: 'read',
    scope: 'productionBatch',
    response: oneOf(batchFirstPassesSchema),
    handler: async ({ row }) => ({ data: batchFirstPasses(row.batch) }),
  });
});
