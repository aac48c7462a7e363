import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  CartridgeFirmware,
  CartridgeType,
  CartridgeTypeCreateInput,
  CartridgeTypeDetail,
  CartridgeTypeUpdateInput,
  ConnectorPin,
  ConnectorPinCreateInput,
  ConnectorPinUpdateInput,
} from '../../contract/cartridge-types';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import type { AsyncOptionsSource } from '../components/form/async-select';
import { afterDelete } from './after-delete';
import { api } from './client';
import { downloadFile } from './download';
import { toQuery } from './list-params';
import { uploadForm, type UploadConfig } from './upload-form';

export const cartridgeTypeKeys = {
  all: ['cartridge-types'] as const,
  lists: () => ['cartridge-types', 'list'] as const,
  list: (params: ListParams) => ['cartridge-types', 'list', params] as const,
  one: (id: number) => ['cartridge-types', 'one', id] as const,
  firmware: (id: number) => ['cartridge-types', 'firmware', id] as const,
  firmwareList: (id: number, params: ListParams) => ['cartridge-types', 'firmware', id, params] as const,
};

/** `GET /cartridgetypes` (superadmin). */
export const cartridgeTypesOptions = (params: ListParams) =>
  queryOptions({
    queryKey: cartridgeTypeKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<CartridgeType>>('/cartridgetypes', { params: toQuery(params), signal }).then((r) => r.data),
  });

/** `GET /cartridgetypes/{id}`: the type with its pins and the pin types to choose from. */
export const cartridgeTypeOptions = (id: number) =>
  queryOptions({
    queryKey: cartridgeTypeKeys.one(id),
    queryFn: ({ signal }) => api.get<One<CartridgeTypeDetail>>(`/cartridgetypes/${id}`, { signal }).then((r) => r.data.data),
  });

/** `GET /cartridgetypes/{id}/firmware`. */
export const cartridgeFirmwareOptions = (id: number) => (params: ListParams) =>
  queryOptions({
    queryKey: cartridgeTypeKeys.firmwareList(id, params),
    queryFn: ({ signal }) =>
      api.get<Page<CartridgeFirmware>>(`/cartridgetypes/${id}/firmware`, { params: toQuery(params), signal }).then((r) => r.data),
  });

export async function createCartridgeType(input: CartridgeTypeCreateInput): Promise<CartridgeTypeDetail> {
  return (await api.post<One<CartridgeTypeDetail>>('/cartridgetypes', input)).data.data;
}

export async function updateCartridgeType(id: number, input: CartridgeTypeUpdateInput): Promise<CartridgeTypeDetail> {
  return (await api.patch<One<CartridgeTypeDetail>>(`/cartridgetypes/${id}`, input)).data.data;
}

export async function deleteCartridgeType(id: number): Promise<void> {
  await api.delete(`/cartridgetypes/${id}`);
}

export async function addConnectorPin(typeId: number, input: ConnectorPinCreateInput): Promise<ConnectorPin> {
  return (await api.post<One<ConnectorPin>>(`/cartridgetypes/${typeId}/connectorpins`, input)).data.data;
}

export async function updateConnectorPin(id: number, input: ConnectorPinUpdateInput): Promise<ConnectorPin> {
  return (await api.patch<One<ConnectorPin>>(`/manage/connectorpins/${id}`, input)).data.data;
}

export async function deleteConnectorPin(id: number): Promise<void> {
  await api.delete(`/manage/connectorpins/${id}`);
}

/** `POST /cartridgetypes/{id}/firmware` as multipart: texts first, then the file; no timeout (cancel instead). */
export async function uploadCartridgeFirmware(
  typeId: number,
  input: { version: string; description: string; firmware: File },
  config: UploadConfig,
): Promise<CartridgeFirmware> {
  const form = uploadForm({ version: input.version, description: input.description }, { firmware: input.firmware });
  return (await api.post<One<CartridgeFirmware>>(`/cartridgetypes/${typeId}/firmware`, form, { ...config, timeout: 0 })).data.data;
}

export async function deleteCartridgeFirmware(id: number): Promise<void> {
  await api.delete(`/firmware/${id}`);
}

/** Saves a firmware version under its own file name (`GET /firmware/{id}`). */
export function downloadCartridgeFirmware(firmware: Pick<CartridgeFirmware, 'id' | 'firmware_name'>): Promise<string> {
  return downloadFile(`/firmware/${firmware.id}`, { fallbackName: firmware.firmware_name });
}

/** After a change to a type, its pins or its firmware: the type, its firmware and the lists. */
export function cartridgeTypeChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: cartridgeTypeKeys.all });
}

export function cartridgeTypeDeleted(client: QueryClient, type: { id: number }): Promise<void> {
  return afterDelete(client, { gone: [cartridgeTypeKeys.one(type.id), cartridgeTypeKeys.firmware(type.id)], stale: [cartridgeTypeKeys.lists()] });
}

export function cartridgeFirmwareDeleted(client: QueryClient, firmware: { cartridge_type_id: number }): Promise<void> {
  return afterDelete(client, {
    gone: [],
    stale: [cartridgeTypeKeys.firmware(firmware.cartridge_type_id), cartridgeTypeKeys.one(firmware.cartridge_type_id), cartridgeTypeKeys.lists()],
  });
}

/** The cartridge type picker (`GET /cartridgetypes`), under the types' list key so a change refreshes it. */
export const cartridgeTypeSearch: AsyncOptionsSource<{ id: number; name: string }> = {
  queryKey: [...cartridgeTypeKeys.lists(), 'choices'],
  fetchOptions: (search, signal) =>
    api
      .get<Page<{ id: number; name: string }>>('/cartridgetypes', { params: toQuery({ page: 1, limit: 20, search: search || undefined }), signal })
      .then((r) => r.data),
  optionValue: (t) => String(t.id),
  optionLabel: (t) => t.name,
};
