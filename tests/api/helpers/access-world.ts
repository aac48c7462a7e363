import type { Permission } from '../../../contract/permissions';
import type { ScopeName } from '../../../server/http/scopes';
import { createInvite, registration, tokenUrl } from './invites';
import { createProduction, type Production } from './production';
import { PASSWORD, type TestApp } from './test-app';

/**
 * The rows and people the access matrix calls every route with. Every row belongs to Alpha
 * (the owning company); the principals are Alpha's people of each role, an admin of another
 * company (Beta), a manufacturer's admin who joined Alpha's project by invitation, a superadmin,
 * and nobody (no login). Each resource's routes, their reviewed access and a sample call are in
 * helpers/access/<route file>.ts; a resource's own rows come from its `setup` there.
 */
export type World = {
  production: Production;
  ids: {
    company: number;
    project: number;
    productionBatch: number;
    releaseBatch: number;
    device: number;
    report: number;
    invite: number;
    /** Another batch of the project: where the panel correction moves the board to. */
    otherBatch: number;
    /** An Alpha account that is none of the principals: the row of user-scoped routes. */
    user: number;
  };
};

/** What the oracle knows of a principal, written out here rather than read from the server. */
export type PrincipalFacts = {
  name: string;
  /** A username to log in as, or null for no login. */
  username: string | null;
  company: 'alpha' | 'beta' | 'maker' | 'operations' | null;
  roles: readonly string[];
  /** Joined Alpha's project by invitation (from another company). */
  memberOfProject: boolean;
};

export const PRINCIPALS: readonly PrincipalFacts[] = [
  { name: 'nobody', username: null, company: null, roles: [], memberOfProject: false },
  { name: 'alpha operator', username: 'alpha-operator', company: 'alpha', roles: ['operator'], memberOfProject: false },
  { name: 'alpha engineer', username: 'alpha-engineer', company: 'alpha', roles: ['engineer'], memberOfProject: false },
  { name: 'alpha admin', username: 'alpha-admin', company: 'alpha', roles: ['admin'], memberOfProject: false },
  { name: 'alpha viewer', username: 'alpha-viewer', company: 'alpha', roles: ['viewer'], memberOfProject: false },
  { name: 'beta admin', username: 'beta-admin', company: 'beta', roles: ['admin'], memberOfProject: false },
  { name: 'project member', username: 'matrix-maker', company: 'maker', roles: ['admin'], memberOfProject: true },
  { name: 'superadmin', username: 'root', company: 'operations', roles: ['superadmin'], memberOfProject: false },
];

export async function buildWorld(t: TestApp): Promise<World> {
  const production = await createProduction(t, 'alpha', { project: 'Matrix Project' });
  const reported = await production.report({ serial: 'MATRIX-1' });
  if (reported.statusCode !== 201) throw new Error(`report: ${reported.body}`);
  const { device_id, report_id } = reported.json().data;

  const release = await t.call('POST', `/v1/projects/${production.projectId}/releasebatches`, {
    as: 'root',
    body: { name: 'Matrix shipment' },
  });
  if (release.statusCode !== 201) throw new Error(`release batch: ${release.body}`);

  // The manufacturer's admin: registers through an invitation naming the project's manufacturer,
  // which creates the manufacturer's company and makes them a member of the project.
  const makerInvite = await createInvite(t, production.projectId, { manufacturer_id: production.manufacturerId, role: 'admin' });
  const registered = await t.call('POST', tokenUrl(makerInvite.token), { body: registration('matrix-maker', PASSWORD) });
  if (registered.statusCode !== 201) throw new Error(`maker: ${registered.body}`);

  const invite = await createInvite(t, production.projectId);
  const user = await t.call('POST', `/v1/companies/${t.companyIds.alpha}/users`, {
    as: 'root',
    body: {
      username: 'alpha-target',
      email: 'alpha-target@example.com',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      role_ids: [t.roleIds.viewer],
    },
  });
  if (user.statusCode !== 201) throw new Error(`user: ${user.body}`);

  return {
    production,
    ids: {
      company: t.companyIds.alpha,
      project: production.projectId,
      productionBatch: production.batchId,
      releaseBatch: release.json().data.id,
      device: device_id,
      report: report_id,
      invite: invite.id,
      otherBatch: await production.addBatch('Matrix lot 2'),
      user: user.json().data.id,
    },
  };
}

/** One call of a route: its body and query, and whether it needs a login of its own. */
export type Sample = {
  body?: unknown;
  query?: string;
  headers?: Record<string, string>;
  freshLogin?: boolean;
  /**
   * The row `:id` names instead of the world's: a delete uses its row up, so each call gets its
   * own. Text where the path's id is no row id (a panel's id).
   */
  id?: number | string;
  /** Path params other than `:id`, by name (`{ scan_id: 7 }` for `/stations/:id/scans/:scan_id/…`). */
  params?: Record<string, number>;
};

let n = 0;
/** A fresh suffix, so creates use new names and every allowed caller's call succeeds. */
export const next = () => `${++n}-${Math.random().toString(36).slice(2, 6)}`;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `METHOD url`, the url as declared under /v1. */
export type RouteKey = `${Method} /${string}`;

/** One route as reviewed by people: who may call it, the row `:id` names, and a call to make. */
export type AccessRow<Own> = {
  /** The permission (contract/permissions.ts) the server must declare. */
  access: Permission;
  /** The scope the server must declare: the world's row of that name is the `:id`. */
  scope?: ScopeName;
  /**
   * A request the route answers with 2xx when the caller may make it. An unscoped route with
   * an `:id` names its row in `id`; `own` is what the resource's `setup` made.
   */
  sample: (t: TestApp, w: World, own: Own) => Sample | Promise<Sample>;
};

/**
 * A resource's part of the access matrix, in `helpers/access/<route file>.ts` (found by
 * helpers/access-table.ts): a row for every route of its route file. A declared route without
 * a row, or a row without a route, fails the matrix.
 */
export type ResourceAccess<Own> = {
  /** Rows of the resource's own that its samples need, made once after the world (e.g. a platform row). */
  setup?: (t: TestApp, w: World) => Promise<Own>;
  routes: Record<RouteKey, AccessRow<Own>>;
};

export const resourceAccess = <Own = undefined>(spec: ResourceAccess<Own>): ResourceAccess<Own> => spec;
