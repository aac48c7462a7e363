import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One } from '../../contract/envelope';
import type { Acknowledgement, AcknowledgementAnswer, ScanAnswer, Station, StationJigChoice, StationReport } from '../../contract/station';
import { api } from './client';

export const stationKeys = {
  all: ['stations'] as const,
  jigs: () => ['stations', 'jigs'] as const,
  detail: (jigId: number) => ['stations', 'detail', jigId] as const,
  report: (jigId: number, reportId: number) => ['stations', 'detail', jigId, 'report', reportId] as const,
};

/** `GET /stations`: the company's jigs a station can stand at (the picker). */
export const stationJigsOptions = () =>
  queryOptions({
    queryKey: stationKeys.jigs(),
    queryFn: ({ signal }) => api.get<{ data: StationJigChoice[] }>('/stations', { signal }).then((r) => r.data.data),
  });

/** `GET /stations/{jig_id}`: the jig, its project, batch, active profile, fitness and newest report. */
export const stationOptions = (jigId: number) =>
  queryOptions({
    queryKey: stationKeys.detail(jigId),
    queryFn: ({ signal }) => fetchStation(jigId, signal),
    enabled: jigId > 0,
  });

export const fetchStation = (jigId: number, signal?: AbortSignal) =>
  api.get<One<Station>>(`/stations/${jigId}`, { signal }).then((r) => r.data.data);

/** `GET /stations/{jig_id}/reports/{report_id}`: a stored run as the station shows it (failing steps in words). */
export const fetchStationReport = (jigId: number, reportId: number, signal?: AbortSignal) =>
  api.get<One<StationReport>>(`/stations/${jigId}/reports/${reportId}`, { signal }).then((r) => r.data.data);

/** `POST /stations/{jig_id}/scans`: the scan is recorded and answered go (the board's history) or stop (why). */
export async function postScan(jigId: number, serial: string, signal?: AbortSignal): Promise<ScanAnswer> {
  const { data } = await api.post<One<ScanAnswer>>(`/stations/${jigId}/scans`, { serial }, { signal });
  return data.data;
}

/** `POST /stations/{jig_id}/scans/{scan_id}/acknowledge`: Retest or Send to repair after a fail. */
export async function acknowledgeScan(jigId: number, scanId: number, acknowledgement: Acknowledgement, signal?: AbortSignal): Promise<AcknowledgementAnswer> {
  const { data } = await api.post<One<AcknowledgementAnswer>>(`/stations/${jigId}/scans/${scanId}/acknowledge`, acknowledgement, { signal });
  return data.data;
}

/** A scan or an acknowledgement moved the board's figures: the station's own view refetches. */
export const stationChanged = (client: QueryClient, jigId: number) => client.invalidateQueries({ queryKey: stationKeys.detail(jigId) });
