import type { CycleStatus } from '../../contract/fixtures';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  Calibration,
  CalibrationInput,
  CalibrationStatus,
  Cartridge,
  CartridgeCreateInput,
  CartridgeUpdateInput,
} from '../../contract/cartridges';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import { afterDelete } from './after-delete';
import { api } from './client';
import { downloadFile } from './download';
import { toQuery } from './list-params';
import { uploadForm, type UploadConfig } from './upload-form';

/** The list's own filters beside paging, sorting and search. */
export type CartridgeFilters = { status?: CalibrationStatus; cycle_status?: CycleStatus; cartridge_type_id?: number; cassette_id?: number };

export const cartridgeKeys = {
  all: ['cartridges'] as const,
  lists: () => ['cartridges', 'list'] as const,
  list: (params: ListParams & CartridgeFilters) => ['cartridges', 'list', params] as const,
  one: (id: number) => ['cartridges', 'one', id] as const,
  calibrations: (id: number) => ['cartridges', 'one', id, 'calibrations'] as const,
  calibrationList: (id: number, params: ListParams) => ['cartridges', 'one', id, 'calibrations', params] as const,
};

/** `GET /cartridges?query` (superadmin): searched by serial, filtered by status, type and cassette. */
export const cartridgesOptions = (params: ListParams & CartridgeFilters) =>
  queryOptions({
    queryKey: cartridgeKeys.list(params),
    queryFn: ({ signal }) => {
      const query: Record<string, string | number> = toQuery(params);
      if (params.status) query.status = params.status;
      if (params.cartridge_type_id) query.cartridge_type_id = params.cartridge_type_id;
      if (params.cassette_id) query.cassette_id = params.cassette_id;
      if (params.cycle_status) query.cycle_status = params.cycle_status;
      return api.get<Page<Cartridge>>('/cartridges', { params: query, signal }).then((r) => r.data);
    },
  });

export const cartridgeOptions = (id: number) =>
  queryOptions({
    queryKey: cartridgeKeys.one(id),
    queryFn: ({ signal }) => api.get<One<Cartridge>>(`/cartridges/${id}`, { signal }).then((r) => r.data.data),
    enabled: id > 0,
  });

/** `GET /cartridges/{id}/calibrations`, newest first unless sorted. */
export const calibrationsOptions = (id: number) => (params: ListParams) =>
  queryOptions({
    queryKey: cartridgeKeys.calibrationList(id, params),
    queryFn: ({ signal }) =>
      api.get<Page<Calibration>>(`/cartridges/${id}/calibrations`, { params: toQuery(params), signal }).then((r) => r.data),
  });

export async function createCartridge(input: CartridgeCreateInput): Promise<Cartridge> {
  const { data } = await api.post<One<Cartridge>>('/cartridges', input);
  return data.data;
}

export async function updateCartridge(id: number, input: CartridgeUpdateInput): Promise<Cartridge> {
  const { data } = await api.patch<One<Cartridge>>(`/cartridges/${id}`, input);
  return data.data;
}

export async function deleteCartridge(id: number): Promise<void> {
  await api.delete(`/cartridges/${id}`);
}


/**
 * `POST /cartridges/{id}/calibrations` as multipart: the texts first (values as one JSON text),
 * then the certificate when there is one.
 */
export async function recordCalibration(id: number, input: CalibrationInput, certificate: File | undefined, config: UploadConfig): Promise<Calibration> {
  const form = uploadForm(
    {
      calibrated_at: input.calibrated_at,
      due_at: input.due_at,
      result: input.result,
      values: JSON.stringify(input.values),
      notes: input.notes,
    },
    certificate ? { certificate } : {},
  );
  const { data } = await api.post<One<Calibration>>(`/cartridges/${id}/calibrations`, form, { ...config, timeout: 0 });
  return data.data;
}

export function downloadCertificate(calibration: Pick<Calibration, 'id' | 'certificate'>): Promise<string> {
  return downloadFile(`/calibrations/${calibration.id}/certificate`, { fallbackName: calibration.certificate?.name ?? 'certificate' });
}

/** After a create, an edit or a calibration: the lists (status, place) and the cartridge itself. */
export function cartridgesChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: cartridgeKeys.all });
}

export function cartridgeDeleted(client: QueryClient, cartridge: Pick<Cartridge, 'id'>): Promise<void> {
  return afterDelete(client, { gone: [cartridgeKeys.one(cartridge.id)], stale: [cartridgeKeys.lists()] });
}
