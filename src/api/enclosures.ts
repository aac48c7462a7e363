import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Enclosure, EnclosureCreateInput, EnclosureProvisioned, EnclosureUpdateInput, Provisioning } from '../../contract/enclosures';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import type { AsyncOptionsSource } from '../components/form/async-select';
import { afterDelete } from './after-delete';
import { api } from './client';
import { toQuery } from './list-params';
import { enclosureJig, jigNameText } from '../../contract/jig-names';

export type EnclosureFilters = { company_id?: number; provisioning?: Provisioning };

export const enclosureKeys = {
  all: ['enclosures'] as const,
  lists: () => ['enclosures', 'list'] as const,
  list: (params: ListParams & EnclosureFilters) => ['enclosures', 'list', params] as const,
  detail: (id: number) => ['enclosures', 'detail', id] as const,
};

/** `GET /enclosures` (superadmin), with the table's filters. */
export const enclosuresOptions = (params: ListParams & EnclosureFilters) =>
  queryOptions({
    queryKey: enclosureKeys.list(params),
    queryFn: ({ signal }) =>
      api
        .get<Page<Enclosure>>('/enclosures', {
          params: { ...toQuery(params), company_id: params.company_id, provisioning: params.provisioning },
          signal,
        })
        .then((r) => r.data),
  });

export const enclosureOptions = (id: number) =>
  queryOptions({
    queryKey: enclosureKeys.detail(id),
    queryFn: ({ signal }) => api.get<One<Enclosure>>(`/enclosures/${id}`, { signal }).then((r) => r.data.data),
  });

export async function createEnclosure(input: EnclosureCreateInput): Promise<Enclosure> {
  const { data } = await api.post<One<Enclosure>>('/enclosures', input);
  return data.data;
}

/** `POST /enclosures/{id}` (SPEC §7: POST is the edit). */
export async function updateEnclosure(id: number, input: EnclosureUpdateInput): Promise<Enclosure> {
  const { data } = await api.post<One<Enclosure>>(`/enclosures/${id}`, input);
  return data.data;
}

/** `PUT /enclosures/{id}?provisioning=`: provisioning answers the secret and signature, this once. */
export async function moveEnclosureProvisioning(id: number, provisioning: Provisioning): Promise<EnclosureProvisioned> {
  const { data } = await api.put<One<EnclosureProvisioned>>(`/enclosures/${id}`, undefined, { params: { provisioning } });
  return data.data;
}

export async function deleteEnclosure(id: number): Promise<void> {
  await api.delete(`/enclosures/${id}`);
}

/** After a create, edit or provisioning move: the row and every list that shows it. */
export function enclosureChanged(client: QueryClient, enclosure: Enclosure): Promise<void> {
  client.setQueryData(enclosureKeys.detail(enclosure.id), enclosure);
  return client.invalidateQueries({ queryKey: enclosureKeys.lists() });
}

export function enclosureDeleted(client: QueryClient, enclosure: Pick<Enclosure, 'id'>): Promise<void> {
  return afterDelete(client, { gone: [enclosureKeys.detail(enclosure.id)], stale: [enclosureKeys.lists()] });
}

/** The enclosure picker: a company's jigs (all of them when null), searched by serial and name; under the list key, so a change refreshes it. */
export const enclosureSearch = (companyId: number | null): AsyncOptionsSource<Enclosure> => ({
  queryKey: [...enclosureKeys.lists(), 'choices', companyId],
  fetchOptions: (search, signal) =>
    api
      .get<Page<Enclosure>>('/enclosures', {
        params: { ...toQuery({ page: 1, limit: 20, sortby: 'serial', sortdesc: false, search: search || undefined }), company_id: companyId ?? undefined },
        signal,
      })
      .then((r) => r.data),
  optionValue: (e) => String(e.id),
  // The superadmin's pickers: named as the platform's screens name jigs (contract/jig-names.ts).
  optionLabel: (e) => `${e.serial} · ${jigNameText(enclosureJig(e), { platform: true, superadmin: true })}`,
});
