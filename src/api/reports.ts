import { queryOptions } from '@tanstack/react-query';
import type { DeviceReport, DeviceReportDetail } from '../../contract/devices';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import { api } from './client';
import { toQuery } from './list-params';

export const reportKeys = {
  all: ['reports'] as const,
  /** Every page of one device's reports. */
  ofDevice: (deviceId: number) => ['reports', 'device', deviceId] as const,
  list: (deviceId: number, params: ListParams) => ['reports', 'device', deviceId, params] as const,
  detail: (id: number) => ['reports', 'detail', id] as const,
};

/** `GET /devices/{id}/reports`: newest first unless the params say otherwise. */
export const deviceReportsOptions = (deviceId: number, params: ListParams) =>
  queryOptions({
    queryKey: reportKeys.list(deviceId, params),
    queryFn: ({ signal }) =>
      api.get<Page<DeviceReport>>(`/devices/${deviceId}/reports`, { params: toQuery(params), signal }).then((r) => r.data),
    enabled: deviceId > 0,
  });

/** `GET /devicereports/{id}`: the report with its steps, failing steps first. */
export const reportOptions = (id: number) =>
  queryOptions({
    queryKey: reportKeys.detail(id),
    queryFn: ({ signal }) => api.get<One<DeviceReportDetail>>(`/devicereports/${id}`, { signal }).then((r) => r.data.data),
    enabled: id > 0,
    // A stored report never changes.
    staleTime: Infinity,
  });
