import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import type { Project, ProjectUpdateInput } from '../../contract/projects';
import { api } from './client';
import { toQuery } from './list-params';

export type ProjectListParams = ListParams & { status?: Project['status'] };

export const projectKeys = {
  all: ['projects'] as const,
  lists: () => ['projects', 'list'] as const,
  list: (companyId: number, params: ProjectListParams) => ['projects', 'list', companyId, params] as const,
  detail: (id: number) => ['projects', 'detail', id] as const,
};

/** `GET /companies/{id}/projects`. */
export const companyProjectsOptions = (companyId: number, params: ProjectListParams) =>
  queryOptions({
    queryKey: projectKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api
        .get<Page<Project>>(`/companies/${companyId}/projects`, {
          params: { ...toQuery(params), ...(params.status ? { status: params.status } : {}) },
          signal,
        })
        .then((r) => r.data),
    enabled: companyId > 0,
  });

/** `GET /projects/{id}`; the invalid id (-1) is never asked for. */
export const projectOptions = (id: number) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => api.get<One<Project>>(`/projects/${id}`, { signal }).then((r) => r.data.data),
    enabled: id > 0,
  });

export async function updateProject(id: number, input: ProjectUpdateInput): Promise<Project> {
  const { data } = await api.patch<One<Project>>(`/projects/${id}`, input);
  return data.data;
}

/** A changed project shows in its header and in the project lists. */
export function projectChanged(client: QueryClient, project: Project): Promise<void> {
  client.setQueryData(projectKeys.detail(project.id), project);
  return client.invalidateQueries({ queryKey: projectKeys.lists() });
}
