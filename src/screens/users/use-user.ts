import { useQuery } from '@tanstack/react-query';
import { isNotFound } from '../../api/client';
import { userOptions } from '../../api/users';

/** One user by route id; an invalid id (-1) is "not found" without asking the server. */
export function useUser(id: number) {
  const query = useQuery(userOptions(id));
  const notFound = id <= 0 || (query.isError && isNotFound(query.error));
  return { ...query, notFound, loading: id > 0 && query.isPending };
}
