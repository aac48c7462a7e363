import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Company, CompanyCreateInput, CompanyUpdateInput } from '../../contract/companies';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import { api } from './client';
import { toQuery } from './list-params';

export const companyKeys = {
  all: ['companies'] as const,
  lists: () => ['companies', 'list'] as const,
  list: (params: ListParams) => ['companies', 'list', params] as const,
  /** The pickers' searches: under `lists()`, so a new or renamed company shows in them too. */
  choices: () => ['companies', 'list', 'choices'] as const,
  details: () => ['companies', 'detail'] as const,
  detail: (id: number) => ['companies', 'detail', id] as const,
  own: () => ['companies', 'own'] as const,
};

/** `GET /companies` (superadmin). */
export const companiesListOptions = (params: ListParams) =>
  queryOptions({
    queryKey: companyKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<Page<Company>>('/companies', { params: toQuery(params), signal }).then((r) => r.data),
  });

/** How many companies a picker shows for one search: enough to choose from, few enough to read. */
export const COMPANY_CHOICES = 20;

/** `GET /companies?search=…` by name, for a picker that asks as the user types (superadmin). */
export const searchCompanies = (search: string, signal: AbortSignal) =>
  api
    .get<Page<Company>>('/companies', {
      params: toQuery({ page: 1, limit: COMPANY_CHOICES, sortby: 'name', sortdesc: false, search: search || undefined }),
      signal,
    })
    .then((r) => r.data);

export const companyOptions = (id: number) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: ({ signal }) => api.get<One<Company>>(`/companies/${id}`, { signal }).then((r) => r.data.data),
    enabled: id > 0,
  });

/** `GET /company`: the caller's own company. */
export const ownCompanyOptions = () =>
  queryOptions({
    queryKey: companyKeys.own(),
    queryFn: ({ signal }) => api.get<One<Company>>('/company', { signal }).then((r) => r.data.data),
  });

export async function createCompany(input: CompanyCreateInput): Promise<Company> {
  const { data } = await api.post<One<Company>>('/companies', input);
  return data.data;
}

export async function updateCompany(id: number, input: CompanyUpdateInput): Promise<Company> {
  const { data } = await api.patch<One<Company>>(`/companies/${id}`, input);
  return data.data;
}

/** A new or changed company shows in the lists and in its own detail. */
export function companyChanged(client: QueryClient, company: Company): Promise<void> {
  client.setQueryData(companyKeys.detail(company.id), company);
  return client.invalidateQueries({ queryKey: companyKeys.lists() });
}
