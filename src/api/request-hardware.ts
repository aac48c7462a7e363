import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One } from '../../contract/envelope';
import type { MappingPick, MappingProposal, MappingProposalApplyInput } from '../../contract/pin-mapping';
import type {
  CreateProjectInput,
  MapPadGroupInput,
  RequestCapacity,
  CreatedProject,
  SelectedCartridge,
  SelectedCartridgeInput,
  SelectedModule,
  SelectedModuleInput,
  TestPadGroup,
  TestPadGroupCreateInput,
  TestPadGroupsByNet,
  TestPadGroupsByNetInput,
  TestPadGroupUpdateInput,
  WiringRow,
} from '../../contract/requests';
import { api } from './client';
import { downloadFile } from './download';

/**
 * The second half of processing a request: its pad groups, the modules and cartridges
 * chosen for it, the mapping of groups to connector pins, the capacity and wiring derived from
 * them, and making the project. The request itself, its files, pads and pogo board are in
 * `requests.ts`.
 *
 * A request's lists are short and unpaged (`{ data: [...] }`; a page answer reads the same).
 */
type List<T> = { data: T[] };

/**
 * Everything here hangs under one request: a change to any of it (a group, a module, a
 * cartridge, a mapping) may change capacity and the wiring list, so one save refreshes the
 * request's whole subtree rather than guessing which derived answer moved.
 */
export const requestHardwareKeys = {
  all: ['request-hardware'] as const,
  request: (requestId: number) => ['request-hardware', requestId] as const,
  groups: (requestId: number) => ['request-hardware', requestId, 'testpadgroups'] as const,
  group: (requestId: number, id: number) => ['request-hardware', requestId, 'testpadgroups', id] as const,
  modules: (requestId: number) => ['request-hardware', requestId, 'selectedmodules'] as const,
  module: (requestId: number, id: number) => ['request-hardware', requestId, 'selectedmodules', id] as const,
  cartridges: (requestId: number) => ['request-hardware', requestId, 'selectedcartridges'] as const,
  cartridge: (requestId: number, id: number) => ['request-hardware', requestId, 'selectedcartridges', id] as const,
  capacity: (requestId: number) => ['request-hardware', requestId, 'capacity'] as const,
  wiring: (requestId: number) => ['request-hardware', requestId, 'wiring'] as const,
  proposal: (requestId: number) => ['request-hardware', requestId, 'proposal'] as const,
};

const listOf = <T>(path: string, signal: AbortSignal) => api.get<List<T>>(path, { signal }).then((r) => r.data.data);
const oneOf = <T>(path: string, signal: AbortSignal) => api.get<One<T>>(path, { signal }).then((r) => r.data.data);

// ---------------------------------------------------------------------------------------------
// Pad groups

/** `GET /requests/{id}/testpadgroups`. */
export const padGroupsOptions = (requestId: number) =>
  queryOptions({
    queryKey: requestHardwareKeys.groups(requestId),
    queryFn: ({ signal }) => listOf<TestPadGroup>(`/requests/${requestId}/testpadgroups`, signal),
  });

/** `GET /testpadgroups/{id}`. */
export const padGroupOptions = (requestId: number, id: number) =>
  queryOptions({
    queryKey: requestHardwareKeys.group(requestId, id),
    queryFn: ({ signal }) => oneOf<TestPadGroup>(`/testpadgroups/${id}`, signal),
  });

export async function createPadGroup(requestId: number, input: TestPadGroupCreateInput): Promise<TestPadGroup> {
  return (await api.post<One<TestPadGroup>>(`/requests/${requestId}/testpadgroups`, input)).data.data;
}

/**
 * The answer says in `cleared_mapping` when a new resource type cleared the group's pin (the
 * contract's `TestPadGroupChange`, added on the API branch).
 */
/** `POST /requests/{id}/testpadgroups/bynet`: a group per net of the pads (pads without a net are skipped). */
export async function groupPadsByNet(requestId: number, input: TestPadGroupsByNetInput): Promise<TestPadGroupsByNet> {
  return (await api.post<One<TestPadGroupsByNet>>(`/requests/${requestId}/testpadgroups/bynet`, input)).data.data;
}

export async function updatePadGroup(id: number, input: TestPadGroupUpdateInput): Promise<TestPadGroup & { cleared_mapping: boolean }> {
  return (await api.patch<One<TestPadGroup & { cleared_mapping: boolean }>>(`/testpadgroups/${id}`, input)).data.data;
}

export async function deletePadGroup(id: number): Promise<void> {
  await api.delete(`/testpadgroups/${id}`);
}

/** `PATCH /requests/map_pad_group/{groupId}`: wire a group to a pin (and a module), or nulls to unmap it. */
export async function mapPadGroup(groupId: number, input: MapPadGroupInput): Promise<TestPadGroup> {
  return (await api.patch<One<TestPadGroup>>(`/requests/map_pad_group/${groupId}`, input)).data.data;
}

/** `GET /requests/{id}/map_pad_groups/proposal`: a pin, a module and the reasons for each unmapped group (changes nothing). */
export const mappingProposalOptions = (requestId: number) =>
  queryOptions({
    queryKey: requestHardwareKeys.proposal(requestId),
    queryFn: ({ signal }) => oneOf<MappingProposal>(`/requests/${requestId}/map_pad_groups/proposal`, signal),
  });

/** `POST /requests/{id}/map_pad_groups/proposal`: wires the proposal, or the list as the person edited it (a refusal saves none). */
export async function applyMappingProposal(
  requestId: number,
  input: MappingProposalApplyInput,
): Promise<{ mapped: TestPadGroup[]; unplaced: MappingPick[] }> {
  return (await api.post<One<{ mapped: TestPadGroup[]; unplaced: MappingPick[] }>>(`/requests/${requestId}/map_pad_groups/proposal`, input)).data.data;
}

export function unmapPadGroup(groupId: number): Promise<TestPadGroup> {
  return mapPadGroup(groupId, { selected_cartridge_id: null, connector_pin_id: null, selected_module_id: null });
}

// ---------------------------------------------------------------------------------------------
// Selected modules and cartridges

/** `GET /requests/{id}/selectedmodules`. */
export const selectedModulesOptions = (requestId: number) =>
  queryOptions({
    queryKey: requestHardwareKeys.modules(requestId),
    queryFn: ({ signal }) => listOf<SelectedModule>(`/requests/${requestId}/selectedmodules`, signal),
  });

/** `GET /selectedmodules/{id}`. */
export const selectedModuleOptions = (requestId: number, id: number) =>
  queryOptions({
    queryKey: requestHardwareKeys.module(requestId, id),
    queryFn: ({ signal }) => oneOf<SelectedModule>(`/selectedmodules/${id}`, signal),
  });

export async function addSelectedModule(requestId: number, input: SelectedModuleInput): Promise<SelectedModule> {
  return (await api.post<One<SelectedModule>>(`/requests/${requestId}/selectedmodules`, input)).data.data;
}

export async function updateSelectedModule(id: number, input: Partial<SelectedModuleInput>): Promise<SelectedModule> {
  return (await api.patch<One<SelectedModule>>(`/selectedmodules/${id}`, input)).data.data;
}

export async function removeSelectedModule(id: number): Promise<void> {
  await api.delete(`/selectedmodules/${id}`);
}

/** `GET /requests/{id}/selectedcartridges`. */
export const selectedCartridgesOptions = (requestId: number) =>
  queryOptions({
    queryKey: requestHardwareKeys.cartridges(requestId),
    queryFn: ({ signal }) => listOf<SelectedCartridge>(`/requests/${requestId}/selectedcartridges`, signal),
  });

/** `GET /selectedcartridges/{id}`. */
export const selectedCartridgeOptions = (requestId: number, id: number) =>
  queryOptions({
    queryKey: requestHardwareKeys.cartridge(requestId, id),
    queryFn: ({ signal }) => oneOf<SelectedCartridge>(`/selectedcartridges/${id}`, signal),
  });

export async function addSelectedCartridge(requestId: number, input: SelectedCartridgeInput): Promise<SelectedCartridge> {
  return (await api.post<One<SelectedCartridge>>(`/requests/${requestId}/selectedcartridges`, input)).data.data;
}

export async function updateSelectedCartridge(id: number, input: Partial<SelectedCartridgeInput>): Promise<SelectedCartridge> {
  return (await api.patch<One<SelectedCartridge>>(`/selectedcartridges/${id}`, input)).data.data;
}

export async function removeSelectedCartridge(id: number): Promise<void> {
  await api.delete(`/selectedcartridges/${id}`);
}

// ---------------------------------------------------------------------------------------------
// What the choices add up to

/** `GET /requests/{id}/capacity`: per resource type, the groups that need it and the pins that serve it. */
export const capacityOptions = (requestId: number) =>
  queryOptions({
    queryKey: requestHardwareKeys.capacity(requestId),
    queryFn: ({ signal }) => oneOf<RequestCapacity>(`/requests/${requestId}/capacity`, signal),
  });

/** `GET /requests/{id}/wiring`: pad → probe → group → cartridge pin → module, one line per pad. */
export const wiringOptions = (requestId: number) =>
  queryOptions({
    queryKey: requestHardwareKeys.wiring(requestId),
    queryFn: ({ signal }) => listOf<WiringRow>(`/requests/${requestId}/wiring`, signal),
  });

/** The wiring list as the server writes it (`?format=csv`), saved under the name it gives. */
export function downloadWiringCsv(requestId: number): Promise<string> {
  return downloadFile(`/requests/${requestId}/wiring`, { params: { format: 'csv' }, fallbackName: `request-${requestId}-wiring.csv` });
}

/** After any save under a request: its groups, choices, capacity and wiring may all have moved. */
export function requestHardwareChanged(client: QueryClient, requestId: number): Promise<void> {
  return client.invalidateQueries({ queryKey: requestHardwareKeys.request(requestId) });
}

// ---------------------------------------------------------------------------------------------
// The end of the flow


/**
 * `PATCH /requests/{id}/project`: makes the project with the request's hardware and completes
 * the request, in one transaction. A plain function: the request machine invokes it, the
 * create-project panel only collects the values.
 */
export async function createProjectFromRequest(requestId: number, input: CreateProjectInput): Promise<CreatedProject> {
  return (await api.patch<One<CreatedProject>>(`/requests/${requestId}/project`, input)).data.data;
}
