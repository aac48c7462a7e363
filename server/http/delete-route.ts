import type { Permission } from '../../contract/permissions';
import type { RouteFn } from './route';
import type { ScopeName, ScopeRow } from './scopes';

/**
 * The one way to declare a DELETE (CONTRIBUTING.md "Deletes"), on top of `route()`: it names the
 * row by its scope, so a row the caller cannot see is a 404 and one they see without the role a
 * 403, both before anything runs; success is a 204 with no body. `remove` deletes through
 * `deleteRow` (services/deletes.ts), which answers 409 with a message naming what still refers
 * to the row.
 */
export type DeleteRouteSpec<P extends Permission, S extends ScopeName> = {
  url: string;
  summary: string;
  /** What keeps the row (the 409's cases), for the description. */
  refusedWhen: string;
  access: P;
  scope: S;
  remove: (row: ScopeRow<S>) => Promise<void>;
};

export function deleteRoute<P extends Permission, S extends ScopeName>(route: RouteFn, spec: DeleteRouteSpec<P, S>): void {
  route({
    method: 'DELETE',
    url: spec.url,
    summary: spec.summary,
    description: `Answers 204 with no body. 409 ${spec.refusedWhen}, with a message that names what keeps it.`,
    access: spec.access,
    scope: spec.scope as ScopeName,
    status: 204,
    handler: async ({ row }) => {
      await spec.remove(row as ScopeRow<S>);
    },
  });
}
