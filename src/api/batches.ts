import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  BatchFirstPasses,
  BatchTotals,
  ProductionBatch,
  ProductionBatchCreateInput,
  ProductionBatchUpdateInput,
  ProjectYields,
} from '../../contract/batches';
import type { One, Page } from '../../contract/envelope';
import { MAX_PAGE_SIZE, type ListParams } from '../../contract/list-query';
import { afterDelete } from './after-delete';
import { api } from './client';
import { toQuery } from './list-params';
import { statisticsKeys } from './statistics';

export type BatchListParams = ListParams & { status?: ProductionBatch['status'] };

export const batchKeys = {
  all: ['batches'] as const,
  /** Every list of one project's batches (the table's pages, the devices filter's choices). */
  lists: (projectId: number) => ['batches', 'list', projectId] as const,
  list: (projectId: number, params: BatchListParams) => ['batches', 'list', projectId, params] as const,
  detail: (id: number) => ['batches', 'detail', id] as const,
  totals: (id: number) => ['batches', 'totals', id] as const,
  firstPasses: (id: number) => ['batches', 'firstpasses', id] as const,
  /** A project's pass yields over all its batches. */
  projectYields: (projectId: number) => ['batches', 'yields', projectId] as const,
};

/** `GET /projects/{id}/productionbatches`. */
export const projectBatchesOptions = (projectId: number, params: BatchListParams) =>
  queryOptions({
    queryKey: batchKeys.list(projectId, params),
    queryFn: ({ signal }) =>
      api
        .get<Page<ProductionBatch>>(`/projects/${projectId}/productionbatches`, {
          params: { ...toQuery(params), ...(params.status ? { status: params.status } : {}) },
          signal,
        })
        .then((r) => r.data),
    enabled: projectId > 0,
  });

/** For a batch filter: the project's batches by name, one page of the largest size. */
export const batchChoicesOptions = (projectId: number) =>
  projectBatchesOptions(projectId, { page: 1, limit: MAX_PAGE_SIZE, sortby: 'name', sortdesc: false });

/** `GET /productionbatches/{id}`. */
export const batchOptions = (id: number) =>
  queryOptions({
    queryKey: batchKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<One<ProductionBatch>>(`/productionbatches/${id}`, { signal }).then((r) => r.data.data),
    enabled: id > 0,
  });

/** `GET /batch/{id}/totals`. */
export const batchTotalsOptions = (id: number) =>
  queryOptions({
    queryKey: batchKeys.totals(id),
    queryFn: ({ signal }) => api.get<One<BatchTotals>>(`/batch/${id}/totals`, { signal }).then((r) => r.data.data),
    enabled: id > 0,
  });

/** `GET /batch/{id}/firstpasses`. */
export const batchFirstPassesOptions = (id: number) =>
  queryOptions({
    queryKey: batchKeys.firstPasses(id),
    queryFn: ({ signal }) =>
      api.get<One<BatchFirstPasses>>(`/batch/${id}/firstpasses`, { signal }).then((r) => r.data.data),
    enabled: id > 0,
  });

/** `GET /projects/{id}/yields`: first-, second- and last-pass yield over the project's batches. */
export const projectYieldsOptions = (projectId: number) =>
  queryOptions({
    queryKey: batchKeys.projectYields(projectId),
    queryFn: ({ signal }) =>
      api.get<One<ProjectYields>>(`/projects/${projectId}/yields`, { signal }).then((r) => r.data.data),
    enabled: projectId > 0,
  });

export async function createBatch(projectId: number, input: ProductionBatchCreateInput): Promise<ProductionBatch> {
  const { data } = await api.post<One<ProductionBatch>>(`/projects/${projectId}/productionbatches`, input);
  return data.data;
}

export async function updateBatch(id: number, input: ProductionBatchUpdateInput): Promise<ProductionBatch> {
  const { data } = await api.patch<One<ProductionBatch>>(`/productionbatches/${id}`, input);
  return data.data;
}

/**
 * A new or changed batch shows in its detail and in its project's batch lists (the table and the
 * devices filter's choices); its planned quantity feeds the totals. A batch closed or reopened
 * enters or leaves the dashboard's failing batches, which lists open batches only.
 */
export async function batchChanged(client: QueryClient, batch: ProductionBatch, companyId?: number): Promise<void> {
  client.setQueryData(batchKeys.detail(batch.id), batch);
  await Promise.all([
    client.invalidateQueries({ queryKey: batchKeys.lists(batch.project_id) }),
    client.invalidateQueries({ queryKey: batchKeys.totals(batch.id) }),
    companyId ? client.invalidateQueries({ queryKey: statisticsKeys.dashboard(companyId) }) : undefined,
  ]);
}

/** `DELETE /productionbatches/{id}`: a batch that holds no boards (else a 409 that says so). */
export async function deleteBatch(id: number): Promise<void> {
  await api.delete(`/productionbatches/${id}`);
}

/** A deleted batch leaves its own queries and its project's batch lists (table, filter choices). */
export const batchDeleted = (client: QueryClient, batch: Pick<ProductionBatch, 'id' | 'project_id'>) =>
  afterDelete(client, {
    gone: [batchKeys.detail(batch.id), batchKeys.totals(batch.id), batchKeys.firstPasses(batch.id)],
    stale: [batchKeys.lists(batch.project_id)],
  });
