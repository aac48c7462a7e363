import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { AMS_TYPE_LABELS, type AmsType, type CassetteModuleType, type CassetteModuleTypeCreateInput, type CassetteModuleTypeUpdateInput } from '../../contract/cassette-module-types';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import type { AsyncOptionsSource } from '../components/form/async-select';
import { afterDelete } from './after-delete';
import { api } from './client';
import { toQuery } from './list-params';

export type ModuleTypeListParams = ListParams & { ams_type?: AmsType };

export const moduleTypeKeys = {
  all: ['cassettemoduletypes'] as const,
  lists: () => ['cassettemoduletypes', 'list'] as const,
  list: (params: ModuleTypeListParams) => ['cassettemoduletypes', 'list', params] as const,
  /** The slot pickers' searches: under `lists()`, so a new or renamed module shows in them too. */
  choices: () => ['cassettemoduletypes', 'list', 'choices'] as const,
};

/** `GET /cassettemoduletypes` (superadmin), with the family filter. */
export const moduleTypesOptions = ({ ams_type, ...params }: ModuleTypeListParams) =>
  queryOptions({
    queryKey: moduleTypeKeys.list({ ...params, ams_type }),
    queryFn: ({ signal }) =>
      api
        .get<Page<CassetteModuleType>>('/cassettemoduletypes', { params: { ...toQuery(params), ...(ams_type && { ams_type }) }, signal })
        .then((r) => r.data),
  });

export const MODULE_TYPE_CHOICES = 20;

/** By name, for a slot's picker that asks as the user types. */
export const searchModuleTypes = (search: string, signal: AbortSignal) =>
  api
    .get<Page<CassetteModuleType>>('/cassettemoduletypes', {
      params: toQuery({ page: 1, limit: MODULE_TYPE_CHOICES, sortby: 'name', sortdesc: false, search: search || undefined }),
      signal,
    })
    .then((r) => r.data);

/** The AMS module picker of a cassette's slot or a request's slot: by name, labelled with its family. */
export const moduleTypeSearch: AsyncOptionsSource<CassetteModuleType> = {
  queryKey: moduleTypeKeys.choices(),
  fetchOptions: searchModuleTypes,
  optionValue: (m) => String(m.id),
  optionLabel: (m) => moduleTypeLabel(m),
};

export const moduleTypeLabel = (m: Pick<CassetteModuleType, 'name' | 'ams_type'>) => `${m.name} (${AMS_TYPE_LABELS[m.ams_type]})`;

export async function createModuleType(input: CassetteModuleTypeCreateInput): Promise<CassetteModuleType> {
  const { data } = await api.post<One<CassetteModuleType>>('/cassettemoduletypes', input);
  return data.data;
}

export async function updateModuleType(id: number, input: CassetteModuleTypeUpdateInput): Promise<CassetteModuleType> {
  const { data } = await api.put<One<CassetteModuleType>>(`/cassettemoduletypes/${id}`, input);
  return data.data;
}

export async function deleteModuleType(id: number): Promise<void> {
  await api.delete(`/cassettemoduletypes/${id}`);
}

/** A module's name or family shows in the cassettes' slots too. */
export function moduleTypesChanged(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: moduleTypeKeys.all }),
    client.invalidateQueries({ queryKey: ['cassettes'] }),
  ]).then(() => undefined);
}

export function moduleTypeDeleted(client: QueryClient): Promise<void> {
  return afterDelete(client, { gone: [], stale: [moduleTypeKeys.lists()] });
}
