import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Cassette } from '../../contract/cassettes';
import type { One, Page } from '../../contract/envelope';
import type {
  CassetteConfiguration,
  CassetteConfigurationInput,
  CompanyConfiguration,
  HardwareChoices,
  ProjectCassette,
  TestResource,
  TestResourceInput,
} from '../../contract/hardware';
import type { ListParams } from '../../contract/list-query';
import { api } from './client';
import { cassetteKeys } from './cassettes';
import { toQuery } from './list-params';

/** A project's hardware and the company's cassettes and configurations. */
export const hardwareKeys = {
  /** Everything of one project's hardware: a change refreshes it all (it is a few small lists). */
  project: (projectId: number) => ['hardware', projectId] as const,
  configuration: (projectId: number) => ['hardware', projectId, 'configuration'] as const,
  resources: (projectId: number, params: ListParams) => ['hardware', projectId, 'resources', params] as const,
  cassettes: (projectId: number) => ['hardware', projectId, 'cassettes'] as const,
  choices: (projectId: number) => ['hardware', projectId, 'choices'] as const,
  companyConfigurations: (companyId: number, params: ListParams) => ['hardware', 'company', companyId, params] as const,
};

export const configurationOptions = (projectId: number) =>
  queryOptions({
    queryKey: hardwareKeys.configuration(projectId),
    queryFn: ({ signal }) => api.get<One<CassetteConfiguration>>(`/projects/${projectId}/cassetteconfiguration`, { signal }).then((r) => r.data.data),
  });

export const testResourcesOptions = (projectId: number, params: ListParams) =>
  queryOptions({
    queryKey: hardwareKeys.resources(projectId, params),
    queryFn: ({ signal }) => api.get<Page<TestResource>>(`/projects/${projectId}/testresources`, { params: toQuery(params), signal }).then((r) => r.data),
  });

export const projectCassettesOptions = (projectId: number) =>
  queryOptions({
    queryKey: hardwareKeys.cassettes(projectId),
    queryFn: ({ signal }) => api.get<{ data: ProjectCassette[] }>(`/projects/${projectId}/cassettes`, { signal }).then((r) => r.data.data),
  });

export const hardwareChoicesOptions = (projectId: number) =>
  queryOptions({
    queryKey: hardwareKeys.choices(projectId),
    queryFn: ({ signal }) => api.get<One<HardwareChoices>>(`/projects/${projectId}/hardware/choices`, { signal }).then((r) => r.data.data),
  });

export const companyConfigurationsOptions = (companyId: number, params: ListParams) =>
  queryOptions({
    queryKey: hardwareKeys.companyConfigurations(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Page<CompanyConfiguration>>(`/companies/${companyId}/cassetteconfigurations`, { params: toQuery(params), signal }).then((r) => r.data),
    enabled: companyId > 0,
  });

/** `GET /companies/{id}/cassettes`, under the cassettes' list key so a change there refreshes it. */
export const companyCassettesOptions = (companyId: number, params: ListParams) =>
  queryOptions({
    queryKey: [...cassetteKeys.lists(), 'company', companyId, params] as const,
    queryFn: ({ signal }) => api.get<Page<Cassette>>(`/companies/${companyId}/cassettes`, { params: toQuery(params), signal }).then((r) => r.data),
    enabled: companyId > 0,
  });

export async function updateConfiguration(id: number, input: CassetteConfigurationInput): Promise<CassetteConfiguration> {
  const { data } = await api.patch<One<CassetteConfiguration>>(`/cassetteconfigurations/${id}`, input);
  return data.data;
}

export async function addTestResource(selectedCartridgeId: number, input: TestResourceInput): Promise<TestResource> {
  const { data } = await api.post<One<TestResource>>(`/selected_cartridges/${selectedCartridgeId}/testresources`, input);
  return data.data;
}

export async function assignCassette(projectId: number, cassetteId: number): Promise<ProjectCassette> {
  const { data } = await api.post<One<ProjectCassette>>(`/projects/${projectId}/cassettes`, { cassette_id: cassetteId });
  return data.data;
}

/** A change of a project's hardware: its lists, the company's configurations, the cassettes' projects. */
export async function hardwareChanged(client: QueryClient, projectId: number): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: hardwareKeys.project(projectId) }),
    client.invalidateQueries({ queryKey: ['hardware', 'company'] }),
    client.invalidateQueries({ queryKey: cassetteKeys.all }),
  ]);
}

/** The project's test resources matching `search`, by bay and pin: what a step's "measures" picks from. */
export const searchTestResources = (projectId: number) => (search: string, signal: AbortSignal) =>
  api
    .get<Page<TestResource>>(`/projects/${projectId}/testresources`, { params: toQuery({ page: 1, limit: 25, search: search || undefined }), signal })
    .then((r) => r.data);
