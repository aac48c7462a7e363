import { queryOptions } from '@tanstack/react-query';
import axios from 'axios';
import type { Device, DeviceStatus } from '../../contract/devices';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import { api } from './client';
import { toQuery } from './list-params';

/** A devices table's query: the list params plus its filters. */
export type DeviceListParams = ListParams & { status?: DeviceStatus; production_batch_id?: number };

/** Where a devices list comes from: all of a project's, or one batch's. */
export type DeviceSource = { kind: 'project'; id: number } | { kind: 'batch'; id: number };

export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => ['devices', 'list'] as const,
  list: (source: DeviceSource, params: DeviceListParams) => ['devices', 'list', source.kind, source.id, params] as const,
  detail: (id: number) => ['devices', 'detail', id] as const,
};

const filters = (p: DeviceListParams) => ({
  ...(p.status ? { status: p.status } : {}),
  ...(p.production_batch_id ? { production_batch_id: p.production_batch_id } : {}),
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
 * The file name a download should get, from `Content-Disposition`: the RFC 5987 `filename*`
 * (UTF-8, percent-encoded) wins over the plain `filename`; only the last path part is kept.
 */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/i.exec(header);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
    if (plain) name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1].trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

/** An error answer of a blob request is a Blob too: read its JSON so the message shows. */
export async function readBlobError(error: unknown): Promise<never> {
  if (axios.isAxiosError(error) && error.response?.data instanceof Blob) {
    try {
      error.response.data = JSON.parse(await error.response.data.text());
    } catch {
      error.response.data = {};
    }
  }
  throw error;
}

/**
 * Every device the table's filters, search and sort select, as CSV (`format=csv`): no page and
 * no limit, so the file holds all matching rows, in the table's order.
 */
export async function downloadDevicesCsv(projectId: number, params: DeviceListParams): Promise<string> {
  const { page: _page, limit: _limit, ...rest } = toQuery(params);
  const response = await api
    .get<Blob>(`/projects/${projectId}/devices`, {
      params: { ...rest, ...filters(params), format: 'csv' },
      responseType: 'blob',
      timeout: 300_000,
    })
    .catch(readBlobError);
  const disposition = response.headers['content-disposition'] as string | undefined;
  const filename = filenameFromDisposition(disposition, `devices-project-${projectId}.csv`);
  saveBlob(response.data, filename);
  return filename;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled; Firefox needs the URL a moment longer.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
