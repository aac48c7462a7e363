import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import type { User, UserCreateInput, UserUpdateInput } from '../../contract/users';
import { api } from './client';
import { companyKeys } from './companies';
import { toQuery } from './list-params';

export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  /** `company` is a company id, or 'all' for the superadmin's `GET /users`. */
  list: (company: number | 'all', params: ListParams) => ['users', 'list', company, params] as const,
  details: () => ['users', 'detail'] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

/** `GET /users` (superadmin): users of every company. */
export const allUsersOptions = (params: ListParams) =>
  queryOptions({
    queryKey: userKeys.list('all', params),
    queryFn: ({ signal }) =>
      api.get<Page<User>>('/users', { params: toQuery(params), signal }).then((r) => r.data),
  });

/** `GET /companies/{id}/users`. */
export const companyUsersOptions = (companyId: number, params: ListParams) =>
  queryOptions({
    queryKey: userKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api
        .get<Page<User>>(`/companies/${companyId}/users`, { params: toQuery(params), signal })
        .then((r) => r.data),
  });

/** `GET /users/{id}`; an id of -1 (a non-numeric route param) is never asked for. */
export const userOptions = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => api.get<One<User>>(`/users/${id}`, { signal }).then((r) => r.data.data),
    enabled: id > 0,
  });

/** The create payload, without the client-only fields. */
export async function createCompanyUser(companyId: number, input: UserCreateInput): Promise<User> {
  const { data } = await api.post<One<User>>(`/companies/${companyId}/users`, input);
  return data.data;
}

export async function updateUser(id: number | 'me', input: UserUpdateInput): Promise<User> {
  const { data } = await api.patch<One<User>>(`/users/${id}`, input);
  return data.data;
}

/**
 * A created or changed user shows in every user list and in its detail; a company's user count
 * changes with a new user, so the company lists go stale too.
 */
export async function userChanged(client: QueryClient, user: User, created = false): Promise<void> {
  client.setQueryData(userKeys.detail(user.id), user);
  await Promise.all([
    client.invalidateQueries({ queryKey: userKeys.lists() }),
    created ? client.invalidateQueries({ queryKey: companyKeys.lists() }) : undefined,
  ]);
}
