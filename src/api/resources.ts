import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import type {
  ConnectorPinChoice,
  PinMapRow,
  PinType,
  PinTypeCreateInput,
  PinTypeUpdateInput,
  ResourceType,
  ResourceTypeCreateInput,
  ResourceTypeUpdateInput,
} from '../../contract/resources';
import { afterDelete } from './after-delete';
import { api } from './client';
import { toQuery } from './list-params';

/**
 * Resource types, pin types and the pin map (`/manage/resources`). Pin types change rarely and
 * are few: the forms and the filter load them whole (one page of the most the API gives).
 */
export const resourceKeys = {
  all: ['resources'] as const,
  resourceTypes: () => ['resources', 'resourcetypes'] as const,
  resourceTypeList: (params: ListParams & { pin_type_id?: number }) => ['resources', 'resourcetypes', 'list', params] as const,
  resourceType: (id: number) => ['resources', 'resourcetypes', 'detail', id] as const,
  pinMap: (id: number) => ['resources', 'pinmap', id] as const,
  pinMapPage: (id: number, params: ListParams) => ['resources', 'pinmap', id, params] as const,
  pinChoices: (id: number) => ['resources', 'pinmap', id, 'choices'] as const,
  pinTypes: () => ['resources', 'pintypes'] as const,
  pinTypeList: (params: ListParams) => ['resources', 'pintypes', 'list', params] as const,
  allPinTypes: () => ['resources', 'pintypes', 'all'] as const,
};

/** The most pin types one page holds (API.md): more than the catalogue will ever have. */
const ALL = 200;

export const resourceTypesOptions = (params: ListParams & { pin_type_id?: number }) =>
  queryOptions({
    queryKey: resourceKeys.resourceTypeList(params),
    queryFn: ({ signal }) =>
      api
        .get<Page<ResourceType>>('/resourcetypes', {
          params: { ...toQuery(params), ...(params.pin_type_id ? { pin_type_id: params.pin_type_id } : {}) },
          signal,
        })
        .then((r) => r.data),
  });

export const resourceTypeOptions = (id: number) =>
  queryOptions({
    queryKey: resourceKeys.resourceType(id),
    queryFn: ({ signal }) => api.get<One<ResourceType>>(`/resourcetypes/${id}`, { signal }).then((r) => r.data.data),
  });

export const pinTypesOptions = (params: ListParams) =>
  queryOptions({
    queryKey: resourceKeys.pinTypeList(params),
    queryFn: ({ signal }) => api.get<Page<PinType>>('/pintypes', { params: toQuery(params), signal }).then((r) => r.data),
  });

/** Every pin type by name, for the allowed-pin-types checkboxes and the filter. */
export const allPinTypesOptions = () =>
  queryOptions({
    queryKey: resourceKeys.allPinTypes(),
    queryFn: ({ signal }) =>
      api
        .get<Page<PinType>>('/pintypes', { params: toQuery({ page: 1, limit: ALL, sortby: 'name', sortdesc: false }), signal })
        .then((r) => r.data.data),
  });

export const pinMapOptions = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: resourceKeys.pinMapPage(id, params),
    queryFn: ({ signal }) => api.get<Page<PinMapRow>>(`/resourcetypes/${id}/pinmap`, { params: toQuery(params), signal }).then((r) => r.data),
  });

/** The connector pins a resource type may map, searched as the person types. */
export const searchPinChoices = (id: number) => (search: string, signal: AbortSignal) =>
  api
    .get<Page<ConnectorPinChoice>>(`/resourcetypes/${id}/connectorpins`, {
      params: toQuery({ page: 1, limit: 25, search: search || undefined }),
      signal,
    })
    .then((r) => r.data);

export async function createResourceType(input: ResourceTypeCreateInput): Promise<ResourceType> {
  return (await api.post<One<ResourceType>>('/resourcetypes', input)).data.data;
}

export async function updateResourceType(id: number, input: ResourceTypeUpdateInput): Promise<ResourceType> {
  return (await api.patch<One<ResourceType>>(`/resourcetypes/${id}`, input)).data.data;
}

export async function deleteResourceType(id: number): Promise<void> {
  await api.delete(`/resourcetypes/${id}`);
}

export async function createPinType(input: PinTypeCreateInput): Promise<PinType> {
  return (await api.post<One<PinType>>('/pintypes', input)).data.data;
}

export async function updatePinType(id: number, input: PinTypeUpdateInput): Promise<PinType> {
  return (await api.patch<One<PinType>>(`/pintypes/${id}`, input)).data.data;
}

export async function deletePinType(id: number): Promise<void> {
  await api.delete(`/pintypes/${id}`);
}

export async function addPinMapRow(resourceTypeId: number, connectorPinId: number): Promise<PinMapRow> {
  return (await api.post<One<PinMapRow>>(`/resourcetypes/${resourceTypeId}/pinmap`, { connector_pin_id: connectorPinId })).data.data;
}

export async function deletePinMapRow(id: number): Promise<void> {
  await api.delete(`/pinmap/${id}`);
}

/** After a resource type is created or changed: its lists and its own row. */
export function resourceTypesChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: resourceKeys.resourceTypes() });
}

/** A pin type's name shows in the resource types' rows too. */
export async function pinTypesChanged(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: resourceKeys.pinTypes() });
  await resourceTypesChanged(client);
}

/** A pin map row added or removed: the map, its choices and the counts in the resource types' rows. */
export async function pinMapChanged(client: QueryClient, resourceTypeId: number): Promise<void> {
  await client.invalidateQueries({ queryKey: resourceKeys.pinMap(resourceTypeId) });
  await resourceTypesChanged(client);
}

export function resourceTypeDeleted(client: QueryClient, row: Pick<ResourceType, 'id'>): Promise<void> {
  return afterDelete(client, { gone: [resourceKeys.resourceType(row.id), resourceKeys.pinMap(row.id)], stale: [resourceKeys.resourceTypes()] });
}

export function pinTypeDeleted(client: QueryClient): Promise<void> {
  return afterDelete(client, { gone: [], stale: [resourceKeys.pinTypes(), resourceKeys.resourceTypes()] });
}

export function pinMapRowDeleted(client: QueryClient, row: Pick<PinMapRow, 'resource_type_id'>): Promise<void> {
  return afterDelete(client, { gone: [], stale: [resourceKeys.pinMap(row.resource_type_id), resourceKeys.resourceTypes()] });
}
