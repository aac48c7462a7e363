import { queryOptions } from '@tanstack/react-query';
import type { Device, DeviceStatus } from '../../contract/devices';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import { api } from './client';
import { downloadFile } from './download';
import { toQuery } from './list-params';

/** A devices table's query: the list params plus its filters. */
export type DeviceListParams = ListParams & { status?: DeviceStatus; production_batch_id?: number; failing_step?: string };

/** Where a devices list comes from: all of a project's, or one batch's. */
export type DeviceSource = { kind: 'project'; id: number } | { kind: 'batch'; id: number };

export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => ['devices', 'list'] as const,
  /** Every page and filter of one project's or one batch's devices table. */
  source: (source: DeviceSource) => ['devices', 'list', source.kind, source.id] as const,
  list: (source: DeviceSource, params: DeviceListParams) => ['devices', 'list', source.kind, source.id, params] as const,
  detail: (id: number) => ['devices', 'detail', id] as const,
};

const filters = (p: DeviceListParams) => ({
  ...(p.status ? { status: p.status } : {}),
  ...(p.production_batch_id ? { production_batch_id: p.production_batch_id } : {}),
  ...(p.failing_step ? { failing_step: p.failing_step } : {}),
});

const pathOf = (source: DeviceSource) =>
  source.kind === 'project' ? `/projects/${source.id}/devices` : `/productionbatches/${source.id}/devices`;

/** `GET /projects/{id}/devices` or `GET /productionbatches/{id}/devices`. */
export const devicesOptions = (source: DeviceSource, params: DeviceListParams) =>
  queryOptions({
    queryKey: deviceKeys.list(source, params),
    queryFn: ({ signal }) =>
      api
        .get<Page<Device>>(pathOf(source), { params: { ...toQuery(params), ...filters(params) }, signal })
        .then((r) => r.data),
    enabled: source.id > 0,
  });

/** `GET /devices/{id}`. */
export const deviceOptions = (id: number) =>
  queryOptions({
    queryKey: deviceKeys.detail(id),
    queryFn: ({ signal }) => api.get<One<Device>>(`/devices/${id}`, { signal }).then((r) => r.data.data),
    enabled: id > 0,
  });

/**
 * Every device the table's filters, search and sort select, as CSV (`format=csv`): no page and
 * no limit, so the file holds all matching rows, in the table's order.
 */
export function downloadDevicesCsv(projectId: number, params: DeviceListParams): Promise<string> {
  const { page: _page, limit: _limit, ...rest } = toQuery(params);
  return downloadFile(`/projects/${projectId}/devices`, {
    params: { ...rest, ...filters(params), format: 'csv' },
    fallbackName: `devices-project-${projectId}.csv`,
    timeout: 300_000,
  });
}
