import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One, Page } from '../../contract/envelope';
import { MAX_PAGE_SIZE, type ListParams } from '../../contract/list-query';
import type { Manufacturer, ManufacturerCreateInput } from '../../contract/projects';
import { api } from './client';
import { toQuery } from './list-params';

export const manufacturerKeys = {
  all: ['manufacturers'] as const,
  /** Everything of one project's manufacturers: the table's pages and the batch form's choices. */
  project: (projectId: number) => ['manufacturers', projectId] as const,
  list: (projectId: number, params: ListParams) => ['manufacturers', projectId, params] as const,
};

/** `GET /projects/{id}/manufacturers`. */
export const projectManufacturersOptions = (projectId: number, params: ListParams) =>
  queryOptions({
    queryKey: manufacturerKeys.list(projectId, params),
    queryFn: ({ signal }) =>
      api
        .get<Page<Manufacturer>>(`/projects/${projectId}/manufacturers`, { params: toQuery(params), signal })
        .then((r) => r.data),
    enabled: projectId > 0,
  });

/** The choices of a manufacturer select: one page of the largest size, by name. */
export const manufacturerChoicesOptions = (projectId: number) =>
  projectManufacturersOptions(projectId, { page: 1, limit: MAX_PAGE_SIZE, sortby: 'name', sortdesc: false });

export async function createManufacturer(projectId: number, input: ManufacturerCreateInput): Promise<Manufacturer> {
  const { data } = await api.post<One<Manufacturer>>(`/projects/${projectId}/manufacturers`, input);
  return data.data;
}

export function manufacturerChanged(client: QueryClient, manufacturer: Manufacturer): Promise<void> {
  return client.invalidateQueries({ queryKey: manufacturerKeys.project(manufacturer.project_id) });
}
