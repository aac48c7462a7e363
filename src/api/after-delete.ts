import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a delete, one way for every resource (CONTRIBUTING.md "Deletes"): the deleted row's own
 * queries are dropped, since asking for them again would only answer 404, and every list or
 * figure that showed or counted the row is refetched. Each `src/api/` file names its keys in a
 * `…Deleted(client, row)` built on this.
 */
export async function afterDelete(client: QueryClient, keys: { gone: readonly QueryKey[]; stale: readonly QueryKey[] }): Promise<void> {
  for (const queryKey of keys.gone) {
    await client.cancelQueries({ queryKey });
    client.removeQueries({ queryKey });
  }
  await Promise.all(keys.stale.map((queryKey) => client.invalidateQueries({ queryKey })));
}
