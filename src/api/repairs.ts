import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import type { HistoryEntry, Repair, RepairOutcome, RepairSendInput, RepairStatus } from '../../contract/repairs';
import type { AcknowledgementAnswer } from '../../contract/station';
import { api } from './client';
import { deviceKeys } from './devices';
import { downloadFile, readBlobError } from './download';
import { toQuery } from './list-params';
import { statisticsKeys } from './statistics';
import { uploadForm, type UploadConfig } from './upload-form';

/** A repairs table's query: the list params plus its filters. */
export type RepairListParams = ListParams & { status?: RepairStatus; device_id?: number };

export const repairKeys = {
  all: ['repairs'] as const,
  lists: () => ['repairs', 'list'] as const,
  list: (projectId: number, params: RepairListParams) => ['repairs', 'list', projectId, params] as const,
  detail: (id: number) => ['repairs', 'detail', id] as const,
  file: (id: number, fileId: number) => ['repairs', 'file', id, fileId] as const,
  history: (deviceId: number) => ['repairs', 'history', deviceId] as const,
};

/** `GET /projects/{id}/repairs`: the queue (`status=waiting`) or the done ones, paged and sorted by the server. */
export const projectRepairsOptions = (projectId: number, params: RepairListParams) =>
  queryOptions({
    queryKey: repairKeys.list(projectId, params),
    queryFn: ({ signal }) =>
      api
        .get<Page<Repair>>(`/projects/${projectId}/repairs`, {
          params: {
            ...toQuery(params),
            ...(params.status ? { status: params.status } : {}),
            ...(params.device_id ? { device_id: params.device_id } : {}),
          },
          signal,
        })
        .then((r) => r.data),
    enabled: projectId > 0,
  });

/** `GET /repairs/{id}`. */
export const repairOptions = (id: number) =>
  queryOptions({
    queryKey: repairKeys.detail(id),
    queryFn: ({ signal }) => api.get<One<Repair>>(`/repairs/${id}`, { signal }).then((r) => r.data.data),
    enabled: id > 0,
  });

/** `GET /devices/{id}/history`: scans, runs and repairs, oldest first. */
export const deviceHistoryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: repairKeys.history(deviceId),
    queryFn: ({ signal }) => api.get<{ data: HistoryEntry[] }>(`/devices/${deviceId}/history`, { signal }).then((r) => r.data.data),
    enabled: deviceId > 0,
  });

/** A blob as a `data:` URL: the app's CSP lets images come from its origin and data, not blob URLs. */
const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the photo.'));
    reader.readAsDataURL(blob);
  });

/**
 * The repair's photo for an `<img>`, as a data URL: the file sits behind the login header, which
 * an image's own request would not send. A stored file never changes.
 */
export const repairPhotoOptions = (repairId: number, fileId: number) =>
  queryOptions({
    queryKey: repairKeys.file(repairId, fileId),
    queryFn: ({ signal }) =>
      api
        .get<Blob>(`/repairs/${repairId}/file`, { responseType: 'blob', timeout: 0, signal })
        .catch(readBlobError)
        .then((r) => dataUrlOf(r.data)),
    staleTime: Infinity,
  });

/** Saves the repair's file under its own name. */
export function downloadRepairFile(repair: Pick<Repair, 'id' | 'file'>): Promise<string> {
  return downloadFile(`/repairs/${repair.id}/file`, { fallbackName: repair.file?.name ?? `repair-${repair.id}` });
}

/**
 * `POST /devices/{id}/repairs`: an engineer sends the board to repair from its page. The answer
 * is the station's (the board as it stands, and the repair's id).
 */
export async function sendToRepair(deviceId: number, input: RepairSendInput): Promise<AcknowledgementAnswer> {
  const { data } = await api.post<One<AcknowledgementAnswer>>(`/devices/${deviceId}/repairs`, input);
  return data.data;
}

/** The completion as the form sends it: `parts` as the list of reference designators. */
export type RepairCompletion = {
  outcome: RepairOutcome;
  failure_code_id: number;
  action: string;
  parts: string[];
  notes?: string | null;
};

/**
 * `POST /repairs/{id}/complete` as multipart: the texts first (a wrong one is refused before a
 * byte of the photo is stored), then the file if any. Parts go as one field, separated by
 * spaces, as the contract reads them.
 */
export async function completeRepair(id: number, input: RepairCompletion, file: File | undefined, config: UploadConfig): Promise<Repair> {
  const form = uploadForm(
    {
      outcome: input.outcome,
      failure_code_id: input.failure_code_id,
      action: input.action,
      parts: input.parts.join(' '),
      notes: input.notes || undefined,
    },
    file ? { file } : {},
  );
  const { data } = await api.post<One<Repair>>(`/repairs/${id}/complete`, form, { ...config, timeout: 0 });
  return data.data;
}

/**
 * A repair sent or done changes its lists, its own record, the board (its status and history)
 * and the repair figures.
 */
export async function repairsChanged(client: QueryClient, repair: Pick<Repair, 'id' | 'device_id'>): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: repairKeys.lists() }),
    client.invalidateQueries({ queryKey: repairKeys.detail(repair.id) }),
    client.invalidateQueries({ queryKey: repairKeys.history(repair.device_id) }),
    client.invalidateQueries({ queryKey: deviceKeys.detail(repair.device_id) }),
    client.invalidateQueries({ queryKey: deviceKeys.lists() }),
    client.invalidateQueries({ queryKey: statisticsKeys.repairs() }),
  ]);
}
