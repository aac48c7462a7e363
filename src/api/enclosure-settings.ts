import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { EnclosureSetting, EnclosureSettingUpdateInput, OnlineFilter } from '../../contract/enclosure-settings';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import type { Project } from '../../contract/projects';
import type { AsyncOptionsSource } from '../components/form/async-select';
import { api } from './client';
import { toQuery } from './list-params';
import { projectKeys } from './projects';

export type JigListParams = ListParams & { status?: OnlineFilter };

export const jigKeys = {
  all: ['enclosure-settings'] as const,
  lists: () => ['enclosure-settings', 'list'] as const,
  list: (companyId: number, params: JigListParams) => ['enclosure-settings', 'list', companyId, params] as const,
  detail: (id: number) => ['enclosure-settings', 'detail', id] as const,
};

/** `GET /companies/{id}/enclosuresettings`: the company's jigs, filtered online/offline. */
export const companyJigsOptions = (companyId: number, params: JigListParams) =>
  queryOptions({
    queryKey: jigKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api
        .get<Page<EnclosureSetting>>(`/companies/${companyId}/enclosuresettings`, {
          params: { ...toQuery(params), ...(params.status && { status: params.status }) },
          signal,
        })
        .then((r) => r.data),
    enabled: companyId > 0,
  });

/** `GET /enclosuresettings/{id}`; the invalid id (-1) is never asked for. */
export const jigOptions = (id: number) =>
  queryOptions({
    queryKey: jigKeys.detail(id),
    queryFn: ({ signal }) => api.get<One<EnclosureSetting>>(`/enclosuresettings/${id}`, { signal }).then((r) => r.data.data),
    enabled: id > 0,
  });

export async function updateJig(id: number, input: EnclosureSettingUpdateInput): Promise<EnclosureSetting> {
  const { data } = await api.patch<One<EnclosureSetting>>(`/enclosuresettings/${id}`, input);
  return data.data;
}

/** A saved jig shows at once on its page, and its lists refetch (name, location and project sort and search there). */
export function jigChanged(client: QueryClient, jig: EnclosureSetting): Promise<void> {
  client.setQueryData(jigKeys.detail(jig.id), jig);
  return client.invalidateQueries({ queryKey: jigKeys.lists() });
}

/** The project picker of a jig: the company's projects (`GET /companies/{id}/projects?search=`), under the projects' list key. */
export const companyProjectSearch = (companyId: number): AsyncOptionsSource<Pick<Project, 'id' | 'name'>> => ({
  queryKey: [...projectKeys.lists(), companyId, 'choices'],
  fetchOptions: (search, signal) =>
    api
      .get<Page<Project>>(`/companies/${companyId}/projects`, { params: toQuery({ page: 1, limit: 20, search: search || undefined, sortby: 'name' }), signal })
      .then((r) => r.data),
  optionValue: (p) => String(p.id),
  optionLabel: (p) => p.name,
});
