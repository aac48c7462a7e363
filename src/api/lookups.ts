import { queryOptions } from '@tanstack/react-query';
import type { CompanyType } from '../../contract/companies';
import type { Role } from '../../contract/roles';
import { api } from './client';

type List<T> = { data: T[] };

/** Lookups change with a deploy, not during a session: keep them for the whole visit. */
const forever = { staleTime: Infinity, gcTime: Infinity } as const;

export const lookupKeys = {
  all: ['lookups'] as const,
  companyTypes: () => ['lookups', 'company_types'] as const,
  roles: () => ['lookups', 'roles'] as const,
  /** Depends on who asks, so it is dropped with the rest of the cache at logout. */
  companyRoles: () => ['lookups', 'companyroles'] as const,
};

export const companyTypesOptions = () =>
  queryOptions({
    queryKey: lookupKeys.companyTypes(),
    queryFn: ({ signal }) => api.get<List<CompanyType>>('/company_types', { signal }).then((r) => r.data.data),
    ...forever,
  });

export const rolesOptions = () =>
  queryOptions({
    queryKey: lookupKeys.roles(),
    queryFn: ({ signal }) => api.get<List<Role>>('/roles', { signal }).then((r) => r.data.data),
    ...forever,
  });

/** The roles the caller may grant. */
export const companyRolesOptions = () =>
  queryOptions({
    queryKey: lookupKeys.companyRoles(),
    queryFn: ({ signal }) => api.get<List<Role>>('/companyroles', { signal }).then((r) => r.data.data),
    ...forever,
  });
