import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DeviceStatus, ManageDevice, ManageDevicePanelInput, ManageDevicePanelResult, ManageDeviceUpdateInput } from '../../contract/devices';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import type { Project } from '../../contract/projects';
import { batchKeys } from './batches';
import { api } from './client';
import { deviceKeys } from './devices';
import { toQuery } from './list-params';
import { projectKeys } from './projects';

/** The /manage devices table's query: the list params plus its filters. */
export type ManageDeviceListParams = ListParams & { company_id?: number; project_id?: number; status?: DeviceStatus };

export const manageDeviceKeys = {
  all: ['manage-devices'] as const,
  list: (params: ManageDeviceListParams) => ['manage-devices', 'list', params] as const,
};

/** `GET /manage/devices` (superadmin): every company's boards. */
export const manageDevicesOptions = (params: ManageDeviceListParams) =>
  queryOptions({
    queryKey: manageDeviceKeys.list(params),
    queryFn: ({ signal }) =>
      api
        .get<Page<ManageDevice>>('/manage/devices', {
          params: { ...toQuery(params), company_id: params.company_id, project_id: params.project_id, status: params.status },
          signal,
        })
        .then((r) => r.data),
  });

/** A company's projects by name as the superadmin types, for the project filter. */
export const searchCompanyProjects = (companyId: number) => (search: string, signal: AbortSignal) =>
  api
    .get<Page<Project>>(`/companies/${companyId}/projects`, {
      params: toQuery({ page: 1, limit: 20, sortby: 'name', sortdesc: false, search: search || undefined }),
      signal,
    })
    .then((r) => r.data);

/** `PATCH /manage/devices/{id}`. */
export async function correctDevice(id: number, input: ManageDeviceUpdateInput): Promise<ManageDevice> {
  const { data } = await api.patch<One<ManageDevice>>(`/manage/devices/${id}`, input);
  return data.data;
}

/** `PATCH /manage/devices/panel/{panelId}`: one correction for every board of the panel. */
export async function correctPanel(panelId: string, input: ManageDevicePanelInput): Promise<ManageDevicePanelResult> {
  const { data } = await api.patch<One<ManageDevicePanelResult>>(`/manage/devices/panel/${encodeURIComponent(panelId)}`, input);
  return data.data;
}

/**
 * After a correction: every devices table (this one and the projects' and batches'), and the
 * batches' and projects' counts, which a status or batch change moves.
 */
export async function devicesCorrected(client: QueryClient): Promise<void> {
  await Promise.all(
    [manageDeviceKeys.all, deviceKeys.all, batchKeys.all, projectKeys.all].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}
