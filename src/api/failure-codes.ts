import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One } from '../../contract/envelope';
import type { FailureCode, FailureCodeInput, FailureCodeUpdateInput } from '../../contract/repairs';
import { afterDelete } from './after-delete';
import { api } from './client';

export const failureCodeKeys = {
  all: ['failure-codes'] as const,
  list: (companyId: number, archived: boolean) => ['failure-codes', 'list', companyId, { archived }] as const,
};

/**
 * `GET /failure-codes`: a company's list, short and unpaged. The repair form offers the live
 * codes; the admin screen asks for the archived ones too (`archived=true`). The company is named
 * (`company_id`), so a superadmin reads the one they chose; anyone else names their own.
 */
export const failureCodesOptions = ({ companyId, archived }: { companyId: number; archived: boolean }) =>
  queryOptions({
    queryKey: failureCodeKeys.list(companyId, archived),
    queryFn: ({ signal }) =>
      api
        .get<{ data: FailureCode[] }>('/failure-codes', { params: { company_id: companyId, ...(archived ? { archived: 'true' } : {}) }, signal })
        .then((r) => r.data.data),
    enabled: companyId > 0,
  });

export async function createFailureCode(companyId: number, input: FailureCodeInput): Promise<FailureCode> {
  const { data } = await api.post<One<FailureCode>>('/failure-codes', input, { params: { company_id: companyId } });
  return data.data;
}

/** Edits the code's words, or archives (`archived: true`) and restores it. */
export async function updateFailureCode(id: number, input: FailureCodeUpdateInput): Promise<FailureCode> {
  const { data } = await api.patch<One<FailureCode>>(`/failure-codes/${id}`, input);
  return data.data;
}

export async function deleteFailureCode(id: number): Promise<void> {
  await api.delete(`/failure-codes/${id}`);
}

/** Both lists (with and without the archived codes) show every code. */
export function failureCodesChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: failureCodeKeys.all });
}

/** After a delete (`afterDelete`): only the lists showed an unused code. */
export function failureCodeDeleted(client: QueryClient): Promise<void> {
  return afterDelete(client, { gone: [], stale: [failureCodeKeys.all] });
}
