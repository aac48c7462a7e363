import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import type { TestFunction, TestFunctionCreate, TestFunctionType, TestFunctionUpdate } from '../../contract/test-functions';
import { afterDelete } from './after-delete';
import { api } from './client';
import { toQuery } from './list-params';

export const testFunctionKeys = {
  all: ['testfunctions'] as const,
  types: () => ['testfunctions', 'types'] as const,
  lists: () => ['testfunctions', 'list'] as const,
  list: (params: ListParams & { type_id?: number }) => ['testfunctions', 'list', params] as const,
  one: (id: number) => ['testfunctions', 'one', id] as const,
};

/** `GET /testfunctiontypes`: four fixed types, kept for the visit. */
export const testFunctionTypesOptions = () =>
  queryOptions({
    queryKey: testFunctionKeys.types(),
    queryFn: ({ signal }) => api.get<{ data: TestFunctionType[] }>('/testfunctiontypes', { signal }).then((r) => r.data.data),
    staleTime: Infinity,
  });

/** `GET /testfunctions` (superadmin), searched by name, `type_id` keeping one type. */
export const testFunctionsOptions = (params: ListParams & { type_id?: number }) =>
  queryOptions({
    queryKey: testFunctionKeys.list(params),
    queryFn: ({ signal }) =>
      api
        .get<Page<TestFunction>>('/testfunctions', { params: { ...toQuery(params), type_id: params.type_id }, signal })
        .then((r) => r.data),
  });

export const testFunctionOptions = (id: number) =>
  queryOptions({
    queryKey: testFunctionKeys.one(id),
    queryFn: ({ signal }) => api.get<One<TestFunction>>(`/testfunctions/${id}`, { signal }).then((r) => r.data.data),
    enabled: id > 0,
  });

export async function createTestFunction(input: TestFunctionCreate): Promise<TestFunction> {
  const { data } = await api.post<One<TestFunction>>('/testfunctions', input);
  return data.data;
}

export async function updateTestFunction(id: number, input: TestFunctionUpdate): Promise<TestFunction> {
  const { data } = await api.patch<One<TestFunction>>(`/testfunctions/${id}`, input);
  return data.data;
}

export async function deleteTestFunction(id: number): Promise<void> {
  await api.delete(`/testfunctions/${id}`);
}

/** After a create or a save: the lists, and the row's own page with what the server now holds. */
export async function testFunctionChanged(client: QueryClient, saved: TestFunction): Promise<void> {
  client.setQueryData(testFunctionKeys.one(saved.id), saved);
  await client.invalidateQueries({ queryKey: testFunctionKeys.lists() });
}

export function testFunctionDeleted(client: QueryClient, row: Pick<TestFunction, 'id'>): Promise<void> {
  return afterDelete(client, { gone: [testFunctionKeys.one(row.id)], stale: [testFunctionKeys.lists()] });
}
