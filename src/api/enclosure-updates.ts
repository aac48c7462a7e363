import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { EnclosureUpdate, EnclosureUpdateUpdateInput } from '../../contract/enclosure-updates';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import { afterDelete } from './after-delete';
import { api } from './client';
import { downloadFile } from './download';
import { toQuery } from './list-params';
import { uploadForm, type UploadConfig } from './upload-form';

export const enclosureUpdateKeys = {
  all: ['enclosure-updates'] as const,
  lists: () => ['enclosure-updates', 'list'] as const,
  list: (params: ListParams) => ['enclosure-updates', 'list', params] as const,
};

/** `GET /enclosure-updates` (superadmin). */
export const enclosureUpdatesOptions = (params: ListParams) =>
  queryOptions({
    queryKey: enclosureUpdateKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<Page<EnclosureUpdate>>('/enclosure-updates', { params: toQuery(params), signal }).then((r) => r.data),
  });


/**
 * `POST /enclosure-updates` as multipart (SPEC §7): the texts first, then the file, so the
 * server has the texts when the file arrives. No timeout: a gigabyte takes its time, and the
 * person can cancel (`signal`).
 */
export async function uploadEnclosureUpdate(
  input: { description: string; patch_notes: string; firmware: File },
  config: UploadConfig,
): Promise<EnclosureUpdate> {
  const form = uploadForm({ description: input.description, patch_notes: input.patch_notes }, { firmware: input.firmware });
  const { data } = await api.post<One<EnclosureUpdate>>('/enclosure-updates', form, { ...config, timeout: 0 });
  return data.data;
}

export async function updateEnclosureUpdate(id: number, input: EnclosureUpdateUpdateInput): Promise<EnclosureUpdate> {
  const { data } = await api.patch<One<EnclosureUpdate>>(`/enclosure-updates/${id}`, input);
  return data.data;
}

export async function deleteEnclosureUpdate(id: number): Promise<void> {
  await api.delete(`/enclosure-updates/${id}`);
}

/** Saves the update's firmware under its own file name. */
export function downloadEnclosureFirmware(update: Pick<EnclosureUpdate, 'id' | 'firmware_name'>): Promise<string> {
  return downloadFile(`/enclosure-updates/${update.id}/firmware`, { fallbackName: update.firmware_name });
}

export function enclosureUpdatesChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: enclosureUpdateKeys.all });
}

/** After a delete (`afterDelete`): nothing else shows an update but its lists. */
export function enclosureUpdateDeleted(client: QueryClient): Promise<void> {
  return afterDelete(client, { gone: [], stale: [enclosureUpdateKeys.lists()] });
}
