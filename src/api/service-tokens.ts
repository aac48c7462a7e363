import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One } from '../../contract/envelope';
import type { CreatedServiceToken, ServiceToken, ServiceTokenCreateInput } from '../../contract/service-tokens';
import { api } from './client';

export const serviceTokenKeys = {
  all: ['service-tokens'] as const,
  list: (companyId: number) => ['service-tokens', companyId] as const,
};

/** `GET /companies/{id}/service-tokens`: short and unpaged, newest first. */
export const serviceTokensOptions = (companyId: number) =>
  queryOptions({
    queryKey: serviceTokenKeys.list(companyId),
    queryFn: ({ signal }) => api.get<{ data: ServiceToken[] }>(`/companies/${companyId}/service-tokens`, { signal }).then((r) => r.data.data),
  });

/** The answer carries the token text: the only time it is ever shown. */
export async function createServiceToken(companyId: number, input: ServiceTokenCreateInput): Promise<CreatedServiceToken> {
  const { data } = await api.post<One<CreatedServiceToken>>(`/companies/${companyId}/service-tokens`, input);
  return data.data;
}

export async function revokeServiceToken(companyId: number, id: number): Promise<ServiceToken> {
  const { data } = await api.delete<One<ServiceToken>>(`/companies/${companyId}/service-tokens/${id}`);
  return data.data;
}

export const serviceTokensChanged = (client: QueryClient, companyId: number) => client.invalidateQueries({ queryKey: serviceTokenKeys.list(companyId) });
