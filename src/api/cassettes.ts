import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Cassette, CassetteCreateInput, CassetteModulesInput, CassetteUpdateInput } from '../../contract/cassettes';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import type { AsyncOptionsSource } from '../components/form/async-select';
import { afterDelete } from './after-delete';
import { api } from './client';
import { toQuery } from './list-params';
import { moduleTypeKeys } from './cassette-module-types';

export type CassetteListParams = ListParams & { company_id?: number; enclosure_id?: number };

export const cassetteKeys = {
  all: ['cassettes'] as const,
  lists: () => ['cassettes', 'list'] as const,
  list: (params: CassetteListParams) => ['cassettes', 'list', params] as const,
  details: () => ['cassettes', 'detail'] as const,
  detail: (id: number) => ['cassettes', 'detail', id] as const,
};

const filters = ({ company_id, enclosure_id }: CassetteListParams) => ({
  ...(company_id && { company_id }),
  ...(enclosure_id && { enclosure_id }),
});

/** `GET /cassettes` (superadmin), filtered by company and enclosure. */
export const cassettesOptions = (params: CassetteListParams) =>
  queryOptions({
    queryKey: cassetteKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<Page<Cassette>>('/cassettes', { params: { ...toQuery(params), ...filters(params) }, signal }).then((r) => r.data),
  });

export const cassetteOptions = (id: number) =>
  queryOptions({
    queryKey: cassetteKeys.detail(id),
    queryFn: ({ signal }) => api.get<One<Cassette>>(`/cassettes/${id}`, { signal }).then((r) => r.data.data),
  });

export async function createCassette(input: CassetteCreateInput): Promise<Cassette> {
  const { data } = await api.post<One<Cassette>>('/cassettes', input);
  return data.data;
}

export async function updateCassette(id: number, input: CassetteUpdateInput): Promise<Cassette> {
  const { data } = await api.patch<One<Cassette>>(`/cassettes/${id}`, input);
  return data.data;
}

export async function setCassetteModules(id: number, input: CassetteModulesInput): Promise<Cassette> {
  const { data } = await api.put<One<Cassette>>(`/cassettes/${id}/modules`, input);
  return data.data;
}

export async function deleteCassette(id: number): Promise<void> {
  await api.delete(`/cassettes/${id}`);
}

/** A cassette's modules count towards the module types' "in cassettes". */
export async function cassetteChanged(client: QueryClient): Promise<void> {
  await Promise.all([client.invalidateQueries({ queryKey: cassetteKeys.all }), client.invalidateQueries({ queryKey: moduleTypeKeys.lists() })]);
}

export function cassetteDeleted(client: QueryClient, cassette: Pick<Cassette, 'id'>): Promise<void> {
  return afterDelete(client, { gone: [cassetteKeys.detail(cassette.id)], stale: [cassetteKeys.lists(), moduleTypeKeys.lists()] });
}

/** The cassette picker (`GET /cassettes?query`), under the cassettes' list key so a change refreshes it. */
export const cassetteSearch: AsyncOptionsSource<Pick<Cassette, 'id' | 'serial' | 'name'>> = {
  queryKey: [...cassetteKeys.lists(), 'choices'],
  fetchOptions: (search, signal) =>
    api
      .get<Page<Cassette>>('/cassettes', { params: toQuery({ page: 1, limit: 20, search: search || undefined }), signal })
      .then((r) => r.data),
  optionValue: (c) => String(c.id),
  optionLabel: (c) => (c.name ? `${c.serial} · ${c.name}` : c.serial),
};
