import type { Permission } from '../../contract/permissions';
import type { CleanupLog } from '../services/deletes';
import type { RouteFn } from './route';
import type { ScopeName, ScopeRow } from './scopes';

/**
 * The one way to declare a DELETE (CONTRIBUTING.md "Deletes"), on top of `route()`: it names the
 * row by its scope, so a row the caller cannot see is a 404 and one they see without the role a
 * 403, both before anything runs; success is a 204 with no body. `remove` deletes through
 * `deleteRow` (services/deletes.ts), which answers 409 with a message naming what still refers
 * to the row. `log` is the request's logger, for a file that outlives its row.
 */
type Common<P extends Permission> = {
  url: string;
  summary: string;
  /** What keeps the row (the 409's cases), for the description. */
  refusedWhen: string;
  access: P;
};

/** A company's row: the scope loads it and judges the caller against its owner. */
type ScopedDelete<P extends Permission, S extends ScopeName> = Common<P> & {
  scope: S;
  remove: (row: ScopeRow<S>, log: CleanupLog) => Promise<void>;
};

/**
 * A row no company owns (the platform's catalogue, behind `platform`): nothing to judge but the
 * permission, so `remove` gets the id and answers 404 itself when `deleteRow` finds no row.
 */
type PlatformDelete = Common<'platform'> & {
  remove: (id: number, log: CleanupLog) => Promise<void>;
};

export type DeleteRouteSpec<P extends Permission, S extends ScopeName> = ScopedDelete<P, S>;

const describe = (refusedWhen: string) => `Answers 204 with no body. 409 ${refusedWhen}, with a message that names what keeps it.`;

export function deleteRoute<P extends Permission, S extends ScopeName>(route: RouteFn, spec: ScopedDelete<P, S>): void {
  route({
    method: 'DELETE',
    url: spec.url,
    summary: spec.summary,
    description: describe(spec.refusedWhen),
    access: spec.access,
    scope: spec.scope as ScopeName,
    status: 204,
    handler: async ({ row, request }) => spec.remove(row as ScopeRow<S>, request.log),
  });
}

/** The same for a row of the platform's own (no scope): `remove` gets the `:id`. */
export function platformDeleteRoute(route: RouteFn, spec: PlatformDelete): void {
  route({
    method: 'DELETE',
    url: spec.url,
    summary: spec.summary,
    description: describe(spec.refusedWhen),
    access: 'platform',
    status: 204,
    handler: async ({ request }) => spec.remove((request.params as { id: number }).id, request.log),
  });
}
