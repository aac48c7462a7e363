import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Device } from '../../contract/devices';
import type { One, Page } from '../../contract/envelope';
import { MAX_PAGE_SIZE, type ListParams } from '../../contract/list-query';
import type {
  ReleaseBatch,
  ReleaseBatchCreateInput,
  ReleaseBatchDetail,
  ReleaseBatchStatus,
  ReleaseBatchUpdateDevicesInput,
  ReleaseBatchUpdateDevicesResult,
} from '../../contract/release-batches';
import { afterDelete } from './after-delete';
import { batchKeys } from './batches';
import { api } from './client';
import { deviceKeys } from './devices';
import { downloadFile } from './download';
import { toQuery } from './list-params';
import { projectKeys } from './projects';

export type ReleaseBatchListParams = ListParams & { status?: ReleaseBatchStatus };
/** The unreleased list and a batch's boards: the devices query without a status filter. */
export type ReleaseDeviceListParams = ListParams & { production_batch_id?: number; not_qualifying?: boolean };

export const releaseBatchKeys = {
  all: ['releaseBatches'] as const,
  lists: (projectId: number) => ['releaseBatches', 'list', projectId] as const,
  list: (projectId: number, params: ReleaseBatchListParams) => ['releaseBatches', 'list', projectId, params] as const,
  detail: (id: number) => ['releaseBatches', 'detail', id] as const,
  devices: (id: number) => ['releaseBatches', 'devices', id] as const,
  deviceList: (id: number, params: ReleaseDeviceListParams) => ['releaseBatches', 'devices', id, params] as const,
  unreleased: (projectId: number) => ['releaseBatches', 'unreleased', projectId] as const,
  unreleasedList: (projectId: number, params: ReleaseDeviceListParams) =>
    ['releaseBatches', 'unreleased', projectId, params] as const,
};

const deviceFilters = (p: ReleaseDeviceListParams) => ({
  ...(p.production_batch_id ? { production_batch_id: p.production_batch_id } : {}),
  ...(p.not_qualifying ? { not_qualifying: 'true' } : {}),
});

/** `GET /projects/{id}/releasebatches`. */
export const projectReleaseBatchesOptions = (projectId: number, params: ReleaseBatchListParams) =>
  queryOptions({
    queryKey: releaseBatchKeys.list(projectId, params),
    queryFn: ({ signal }) =>
      api
        .get<Page<ReleaseBatch>>(`/projects/${projectId}/releasebatches`, {
          params: { ...toQuery(params), ...(params.status ? { status: params.status } : {}) },
          signal,
        })
        .then((r) => r.data),
    enabled: projectId > 0,
  });

export async function fetchReleaseBatch(id: number, signal?: AbortSignal): Promise<ReleaseBatchDetail> {
  const { data } = await api.get<One<ReleaseBatchDetail>>(`/releasebatches/${id}`, { signal });
  return data.data;
}

/** `GET /releasebatches/{id}`: the batch with its production batches. */
export const releaseBatchOptions = (id: number) =>
  queryOptions({
    queryKey: releaseBatchKeys.detail(id),
    queryFn: ({ signal }) => fetchReleaseBatch(id, signal),
    enabled: id > 0,
  });

export async function fetchReleaseBatchDevices(id: number, params: ReleaseDeviceListParams, signal?: AbortSignal) {
  const { data } = await api.get<Page<Device>>(`/releasebatches/${id}/devices`, {
    params: { ...toQuery(params), ...deviceFilters(params) },
    signal,
  });
  return data;
}

/** `GET /releasebatches/{id}/devices`: the boards in a batch. */
export const releaseBatchDevicesOptions = (id: number, params: ReleaseDeviceListParams) =>
  queryOptions({
    queryKey: releaseBatchKeys.deviceList(id, params),
    queryFn: ({ signal }) => fetchReleaseBatchDevices(id, params, signal),
    enabled: id > 0,
  });

/** `GET /projects/{id}/devices/unreleased`: passed boards in no release batch, the picker's list. */
export const unreleasedDevicesOptions = (projectId: number, params: ReleaseDeviceListParams) =>
  queryOptions({
    queryKey: releaseBatchKeys.unreleasedList(projectId, params),
    queryFn: ({ signal }) =>
      api
        .get<Page<Device>>(`/projects/${projectId}/devices/unreleased`, {
          params: { ...toQuery(params), ...deviceFilters(params) },
          signal,
        })
        .then((r) => r.data),
    enabled: projectId > 0,
  });

/**
 * The boards of a draft that stopped qualifying, for the review: one page of the largest size,
 * since the release refuses until every one of them is out.
 */
export const fetchNotQualifying = (id: number) =>
  fetchReleaseBatchDevices(id, { page: 1, limit: MAX_PAGE_SIZE, sortby: 'serial', sortdesc: false, not_qualifying: true });

export async function createReleaseBatch(projectId: number, input: ReleaseBatchCreateInput): Promise<ReleaseBatch> {
  const { data } = await api.post<One<ReleaseBatch>>(`/projects/${projectId}/releasebatches`, input);
  return data.data;
}

/** `PATCH /releasebatches/{id}/update`: add, remove, add all matching, or release. */
export async function updateReleaseBatchDevices(
  id: number,
  input: ReleaseBatchUpdateDevicesInput,
): Promise<ReleaseBatchUpdateDevicesResult> {
  const { data } = await api.patch<One<ReleaseBatchUpdateDevicesResult>>(`/releasebatches/${id}/update`, input);
  return data.data;
}

/**
 * A batch's boards changed: its lists, the project's unreleased boards and the batch lists'
 * counts. A release also moves boards to `released`, which every devices table, the production
 * batches' counters and the project's figures show.
 */
export async function releaseBatchChanged(client: QueryClient, batch: ReleaseBatch, released = false): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: releaseBatchKeys.detail(batch.id) }),
    client.invalidateQueries({ queryKey: releaseBatchKeys.devices(batch.id) }),
    client.invalidateQueries({ queryKey: releaseBatchKeys.unreleased(batch.project_id) }),
    client.invalidateQueries({ queryKey: releaseBatchKeys.lists(batch.project_id) }),
    released ? client.invalidateQueries({ queryKey: deviceKeys.all }) : undefined,
    released ? client.invalidateQueries({ queryKey: batchKeys.all }) : undefined,
    released ? client.invalidateQueries({ queryKey: projectKeys.detail(batch.project_id) }) : undefined,
  ]);
}

/** `GET /releasebatches/{id}/devices?format=csv`: the released serials as a file, every one of them. */
export function downloadReleaseSerialsCsv(id: number): Promise<string> {
  return downloadFile(`/releasebatches/${id}/devices`, {
    params: { format: 'csv', sortby: 'serial', sortdesc: 'false' },
    fallbackName: `release-batch-${id}.csv`,
    timeout: 300_000,
  });
}

/** `DELETE /releasebatches/{id}`: a draft only (a released batch is a 409 that says so). */
export async function deleteReleaseBatch(id: number): Promise<void> {
  await api.delete(`/releasebatches/${id}`);
}

/**
 * A deleted draft leaves its own queries and the project's release batch lists; its boards are
 * back among the unreleased ones, and every devices table shows them in no release batch.
 */
export const releaseBatchDeleted = (client: QueryClient, batch: Pick<ReleaseBatch, 'id' | 'project_id'>) =>
  afterDelete(client, {
    gone: [releaseBatchKeys.detail(batch.id), releaseBatchKeys.devices(batch.id)],
    stale: [releaseBatchKeys.lists(batch.project_id), releaseBatchKeys.unreleased(batch.project_id), deviceKeys.all],
  });
