import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import type {
  PogoBoard,
  ProjectRequest,
  RequestAge,
  RequestCreateFields,
  RequestFile,
  RequestStatus,
  RequestUpdateInput,
  TestPad,
  TestPadsInput,
} from '../../contract/requests';
import { api } from './client';
import { downloadFile } from './download';
import { toQuery } from './list-params';
import { uploadForm, type UploadConfig } from './upload-form';

/**
 * Project requests (contract/requests.ts): the list, one request, its documents, its
 * test pads and its pogo board. Everything under a request hangs below `requestKeys.detail(id)`
 * so one invalidation after a change under it refreshes its progress, pads and board together.
 */

export type RequestListParams = ListParams & { status?: RequestStatus; company_id?: number; age?: RequestAge };

export const requestKeys = {
  all: ['requests'] as const,
  lists: () => ['requests', 'list'] as const,
  list: (params: RequestListParams) => ['requests', 'list', params] as const,
  details: () => ['requests', 'detail'] as const,
  detail: (id: number) => ['requests', 'detail', id] as const,
  files: (id: number) => ['requests', 'detail', id, 'files'] as const,
  pads: (id: number) => ['requests', 'detail', id, 'testpads'] as const,
  pogoBoard: (id: number) => ['requests', 'detail', id, 'pogoboard'] as const,
};

/** The list's filters as query parameters: only those set. */
export const requestFilters = ({ status, company_id, age }: RequestListParams) => ({
  ...(status && { status }),
  ...(company_id && { company_id }),
  ...(age && { age }),
});

/** `GET /requests` (superadmin): searched, filtered by status, company and age. */
export const requestsOptions = (params: RequestListParams) =>
  queryOptions({
    queryKey: requestKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<Page<ProjectRequest>>('/requests', { params: { ...toQuery(params), ...requestFilters(params) }, signal }).then((r) => r.data),
  });

export const requestOptions = (id: number) =>
  queryOptions({
    queryKey: requestKeys.detail(id),
    queryFn: ({ signal }) => api.get<One<ProjectRequest>>(`/requests/${id}`, { signal }).then((r) => r.data.data),
  });

/** `POST /manage/request`: the text fields first, then the documents as `documents[n]` (upload-form). */
export async function createRequest(fields: RequestCreateFields, documents: readonly File[], config: UploadConfig): Promise<ProjectRequest> {
  const form = uploadForm(
    { projectname: fields.projectname, projectdescription: fields.projectdescription ?? '', company_id: fields.company_id as number | string },
    { documents },
  );
  const { data } = await api.post<One<ProjectRequest>>('/manage/request', form, { ...config, timeout: 0 });
  return data.data;
}

export async function updateRequest(id: number, input: RequestUpdateInput): Promise<ProjectRequest> {
  const { data } = await api.patch<One<ProjectRequest>>(`/requests/${id}`, input);
  return data.data;
}

/** `POST /requests/{id}/review`: the caller starts reviewing a submitted request, or reopens a rejected one. */
export async function startRequestReview(id: number): Promise<ProjectRequest> {
  const { data } = await api.post<One<ProjectRequest>>(`/requests/${id}/review`);
  return data.data;
}

/** `GET /requests/{id}/files`: the request's documents. */
export const requestFilesOptions = (id: number) =>
  queryOptions({
    queryKey: requestKeys.files(id),
    queryFn: ({ signal }) => api.get<{ data: RequestFile[] }>(`/requests/${id}/files`, { signal }).then((r) => r.data.data),
  });

/** `GET /requestfiles/{id}`: saves one document under its own name. */
export function downloadRequestFile(file: Pick<RequestFile, 'id' | 'name'>): Promise<string> {
  return downloadFile(`/requestfiles/${file.id}`, { fallbackName: file.name });
}

/** `GET /requests/{id}/testpads`: every pad of the request (up to MAX_PADS_PER_REQUEST, one call). */
export const testPadsOptions = (requestId: number) =>
  queryOptions({
    queryKey: requestKeys.pads(requestId),
    queryFn: ({ signal }) => api.get<{ data: TestPad[] }>(`/requests/${requestId}/testpads`, { signal }).then((r) => r.data.data),
  });

/** `POST /requests/{id}/testpads`: one pad or a whole import; `replace` removes the old pads first. */
export async function addTestPads(requestId: number, input: TestPadsInput): Promise<TestPad[]> {
  const { data } = await api.post<{ data: TestPad[] }>(`/requests/${requestId}/testpads`, input, { timeout: 0 });
  return data.data;
}

export async function deleteTestPad(id: number): Promise<void> {
  await api.delete(`/testpads/${id}`);
}

/** `GET /requests/{id}/pogoboard`: the pads with their probes, the groups and the findings. */
export const pogoBoardOptions = (requestId: number) =>
  queryOptions({
    queryKey: requestKeys.pogoBoard(requestId),
    queryFn: ({ signal }) => api.get<One<PogoBoard>>(`/requests/${requestId}/pogoboard`, { signal }).then((r) => r.data.data),
  });

/**
 * Something under a request changed (a pad, a group, its status): its detail and everything
 * below it (files, pads, board), and the lists (they show the step and status).
 */
export async function requestChanged(client: QueryClient, requestId: number): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: requestKeys.detail(requestId) }),
    client.invalidateQueries({ queryKey: requestKeys.lists() }),
  ]);
}
