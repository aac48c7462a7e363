import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One, Page } from '../../contract/envelope';
import { MAX_PAGE_SIZE, type ListParams } from '../../contract/list-query';
import type {
  ProjectTestFunction,
  TestConfiguration,
  TestConfigurationCreateInput,
  TestConfigurationUpdateInput,
  TestFile,
  TestProfile,
  TestProfileCreateInput,
  TestProfileStatus,
  TestProfileUpdateInput,
  TestVariable,
  TestVariableCreateInput,
  TestVariableTypeInfo,
  TestVariableUpdateInput,
} from '../../contract/test-profiles';
import type { Histogram, StepStatisticsAnswer } from '../../contract/step-statistics';
import { afterDelete } from './after-delete';
import { api } from './client';
import { projectPadsKeys } from './project-pads';
import { downloadFile } from './download';
import { toQuery } from './list-params';
import { uploadForm, type UploadConfig } from './upload-form';

/** Test profiles and their steps, files, variables and statistics. */
export const testProfileKeys = {
  all: ['test-profiles'] as const,
  project: (projectId: number) => ['test-profiles', 'project', projectId] as const,
  list: (projectId: number, params: ListParams) => ['test-profiles', 'project', projectId, params] as const,
  /** Everything of one profile: itself and its parts. */
  profile: (id: number) => ['test-profiles', 'profile', id] as const,
  one: (id: number) => ['test-profiles', 'profile', id, 'one'] as const,
  steps: (id: number) => ['test-profiles', 'profile', id, 'steps'] as const,
  files: (id: number) => ['test-profiles', 'profile', id, 'files'] as const,
  variables: (id: number) => ['test-profiles', 'profile', id, 'variables'] as const,
  statistics: (id: number) => ['test-profiles', 'profile', id, 'statistics'] as const,
  functions: (projectId: number, params: ListParams) => ['test-profiles', 'functions', projectId, params] as const,
  variableTypes: ['test-variable-types'] as const,
};

export type TestProfileListParams = ListParams & { status?: TestProfileStatus };

/** `GET /projects/{id}/testprofiles`, with its `status` filter. */
export const projectTestProfilesOptions = (projectId: number) => (params: TestProfileListParams) =>
  queryOptions({
    queryKey: testProfileKeys.list(projectId, params),
    queryFn: ({ signal }) =>
      api
        .get<Page<TestProfile>>(`/projects/${projectId}/testprofiles`, { params: { ...toQuery(params), ...(params.status ? { status: params.status } : {}) }, signal })
        .then((r) => r.data),
    enabled: projectId > 0,
  });

export const testProfileOptions = (id: number) =>
  queryOptions({
    queryKey: testProfileKeys.one(id),
    queryFn: ({ signal }) => api.get<One<TestProfile>>(`/testprofiles/${id}`, { signal }).then((r) => r.data.data),
    enabled: id > 0,
  });

export const testStepsOptions = (id: number) =>
  queryOptions({
    queryKey: testProfileKeys.steps(id),
    queryFn: ({ signal }) => api.get<{ data: TestConfiguration[] }>(`/testprofiles/${id}/testconfigurations`, { signal }).then((r) => r.data.data),
  });

export const testFilesOptions = (id: number) =>
  queryOptions({
    queryKey: testProfileKeys.files(id),
    queryFn: ({ signal }) => api.get<{ data: TestFile[] }>(`/testprofiles/${id}/testfiles`, { signal }).then((r) => r.data.data),
  });

export const testVariablesOptions = (id: number) =>
  queryOptions({
    queryKey: testProfileKeys.variables(id),
    queryFn: ({ signal }) => api.get<{ data: TestVariable[] }>(`/testprofiles/${id}/testvariables`, { signal }).then((r) => r.data.data),
  });

export const testVariableTypesOptions = () =>
  queryOptions({
    queryKey: testProfileKeys.variableTypes,
    queryFn: ({ signal }) => api.get<{ data: TestVariableTypeInfo[] }>('/testvariabletypes', { signal }).then((r) => r.data.data),
    staleTime: Infinity,
  });

/** The scope of the step statistics and histogram, as the URL and the API hold it (contract/step-statistics.ts). */
export type StatisticsScopeParams = { from?: string; to?: string; batch_id?: number; jig_id?: number; versions?: 'this' | 'all' };

/** `GET /testprofiles/{id}/statistics`: each step's Cpk and Ppk over the scope, worst first, and what the figures cover. */
export const stepStatisticsOptions = (id: number, scope: StatisticsScopeParams = {}) =>
  queryOptions({
    queryKey: [...testProfileKeys.statistics(id), 'steps', scope] as const,
    queryFn: ({ signal }) => api.get<StepStatisticsAnswer>(`/testprofiles/${id}/statistics`, { params: scope, signal }).then((r) => r.data),
  });

/** `GET /testprofiles/{id}/histogram`: a step's newest values of the scope in bars, with its limits and fitted normal. */
export const histogramOptions = (id: number, step: string, scope: StatisticsScopeParams, runs: 'all' | 'passing') =>
  queryOptions({
    queryKey: [...testProfileKeys.statistics(id), 'histogram', step, runs, scope] as const,
    queryFn: ({ signal }) => api.get<One<Histogram>>(`/testprofiles/${id}/histogram`, { params: { ...scope, step, runs }, signal }).then((r) => r.data.data),
    enabled: step !== '',
  });

/** `GET /projects/{id}/testfunctions`, paged (the project's view of the catalogue). */
export const projectTestFunctionsOptions = (projectId: number) => (params: ListParams) =>
  queryOptions({
    queryKey: testProfileKeys.functions(projectId, params),
    queryFn: ({ signal }) =>
      api.get<Page<ProjectTestFunction>>(`/projects/${projectId}/testfunctions`, { params: toQuery(params), signal }).then((r) => r.data),
    enabled: projectId > 0,
  });

/** A step's function picker: the whole catalogue in one page, by name. */
export const testFunctionChoicesOptions = (projectId: number) =>
  projectTestFunctionsOptions(projectId)({ page: 1, limit: MAX_PAGE_SIZE, sortby: 'name', sortdesc: false });

export async function createTestProfile(projectId: number, input: TestProfileCreateInput): Promise<TestProfile> {
  return (await api.post<One<TestProfile>>(`/projects/${projectId}/testprofiles`, input)).data.data;
}

export async function updateTestProfile(id: number, input: TestProfileUpdateInput): Promise<TestProfile> {
  return (await api.patch<One<TestProfile>>(`/testprofiles/${id}`, input)).data.data;
}

export async function activateTestProfile(id: number): Promise<TestProfile> {
  return (await api.post<One<TestProfile>>(`/testprofiles/${id}/active`)).data.data;
}

export async function addTestStep(profileId: number, input: TestConfigurationCreateInput): Promise<TestConfiguration> {
  return (await api.post<One<TestConfiguration>>(`/testprofiles/${profileId}/testconfigurations`, input)).data.data;
}

export async function updateTestStep(id: number, input: TestConfigurationUpdateInput): Promise<TestConfiguration> {
  return (await api.patch<One<TestConfiguration>>(`/testconfigurations/${id}`, input)).data.data;
}

export async function deleteTestStep(id: number): Promise<void> {
  await api.delete(`/testconfigurations/${id}`);
}

/** `POST /testprofiles/{id}/testfiles` as multipart; no timeout (cancel instead). */
export async function uploadTestFile(profileId: number, file: File, config: UploadConfig): Promise<TestFile> {
  return (await api.post<One<TestFile>>(`/testprofiles/${profileId}/testfiles`, uploadForm({}, { testfile: file }), { ...config, timeout: 0 })).data.data;
}

export function downloadTestFile(file: Pick<TestFile, 'id' | 'name'>): Promise<string> {
  return downloadFile(`/testfiles/${file.id}`, { fallbackName: file.name });
}

export async function deleteTestFile(id: number): Promise<void> {
  await api.delete(`/testfiles/${id}`);
}

export async function addTestVariable(profileId: number, input: TestVariableCreateInput): Promise<TestVariable> {
  return (await api.post<One<TestVariable>>(`/testprofiles/${profileId}/testvariables`, input)).data.data;
}

export async function updateTestVariable(id: number, input: TestVariableUpdateInput): Promise<TestVariable> {
  return (await api.patch<One<TestVariable>>(`/testvariables/${id}`, input)).data.data;
}

export async function deleteTestVariable(id: number): Promise<void> {
  await api.delete(`/testvariables/${id}`);
}

/** After a change to a profile or its parts: the profile, its parts and the project's lists. */
export function testProfileChanged(client: QueryClient, profile: { id: number; project_id?: number }): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: testProfileKeys.profile(profile.id) }),
    client.invalidateQueries({ queryKey: profile.project_id ? testProfileKeys.project(profile.project_id) : ['test-profiles', 'project'] }),
    client.invalidateQueries({ queryKey: ['test-profiles', 'functions'] }),
    // The drawing names the steps measuring each pad.
    client.invalidateQueries({ queryKey: projectPadsKeys.all }),
  ]).then(() => undefined);
}

/** After deleting a step, file or variable: its profile's parts refetch. */
export function testProfilePartDeleted(client: QueryClient, profileId: number): Promise<void> {
  return afterDelete(client, { gone: [], stale: [testProfileKeys.profile(profileId), ['test-profiles', 'project'], ['test-profiles', 'functions'], projectPadsKeys.all] });
}
