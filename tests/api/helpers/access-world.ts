import { firmwareForm, uploadFirmware } from './enclosure-updates';
import { createInvite, freshEmail, registration, tokenUrl } from './invites';
import { createProduction, reportBody, type Production } from './production';
import { PASSWORD, type TestApp } from './test-app';

/**
 * The rows and people the access matrix calls every route with. Every row belongs to Alpha
 * (the owning company); the principals are Alpha's people of each role, an admin of another
 * company (Beta), a manufacturer's admin who joined Alpha's project by invitation, a superadmin,
 * and nobody (no login).
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
    /** Firmware for the jigs: a platform row, of no company. */
    enclosureUpdate: number;
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
      enclosureUpdate: await uploadFirmware(t, { description: 'Matrix firmware' }),
    },
  };
}

/** One call of a route: its body and query, and whether it needs a login of its own. */
export type Sample = {
  body?: unknown;
  query?: string;
  headers?: Record<string, string>;
  freshLogin?: boolean;
  /** The row `:id` names instead of the world's: a delete uses its row up, so each call gets its own. */
  id?: number;
};

let n = 0;
const next = () => `${++n}-${Math.random().toString(36).slice(2, 6)}`;

/**
 * A request each route answers with 2xx when the caller may make it. Keyed by `METHOD url`
 * as declared; a declared route without an entry fails the matrix, so a new route must
 * bring its sample. Creates use fresh names, so every allowed caller's call succeeds.
 */
export const SAMPLES: Record<string, (t: TestApp, w: World) => Sample | Promise<Sample>> = {
  'GET /openapi.json': () => ({}),
  'POST /login': () => ({ body: { username: 'alpha-viewer', password: PASSWORD } }),
  'POST /logout': () => ({ freshLogin: true }),
  // A link of its own: the matrix resends the world's invitation, which replaces its token.
  'GET /invites': async (t, w) => ({ query: `token=${encodeURIComponent((await createInvite(t, w.ids.project, {}, 'root')).token)}` }),
  'POST /invites': async (t, w) => {
    const invite = await createInvite(t, w.ids.project, {}, 'root');
    return { query: `token=${encodeURIComponent(invite.token)}`, body: registration(`matrix-${next()}`) };
  },
  'POST /jig/reports': (_t, w) => ({
    headers: { 'x-jig-signature': w.production.jig.signature },
    body: reportBody({ serial: `MATRIX-JIG-${next()}`, project_id: w.ids.project, production_batch_id: w.ids.productionBatch }),
  }),
  'GET /company_types': () => ({}),
  'GET /roles': () => ({}),
  'GET /companyroles': () => ({}),
  'GET /companies': () => ({}),
  'POST /companies': () => ({ body: { name: `Matrix Co ${next()}`, type: 'customer' } }),
  'GET /company': () => ({}),
  'GET /companies/:id': () => ({}),
  'PATCH /companies/:id': () => ({ body: {} }),
  'GET /companies/:id/users': () => ({}),
  'POST /companies/:id/users': (t) => {
    const username = `matrix-user-${next()}`;
    return {
      body: { username, email: `${username}@example.com`, password: PASSWORD, password_confirmation: PASSWORD, role_ids: [t.roleIds.viewer] },
    };
  },
  'GET /users': () => ({}),
  'GET /users/:id': () => ({}),
  'PATCH /users/:id': () => ({ body: {} }),
  'GET /companies/:id/projects': () => ({}),
  'POST /projects': (t) => ({ body: { company_id: t.companyIds.alpha, name: `Matrix ${next()}` } }),
  'GET /projects/:id': () => ({}),
  'PATCH /projects/:id': () => ({ body: { description: `Changed ${next()}` } }),
  'GET /projects/:id/manufacturers': () => ({}),
  'POST /projects/:id/manufacturers': () => ({ body: { name: `Matrix maker ${next()}` } }),
  'GET /projects/:id/productionbatches': () => ({}),
  'POST /projects/:id/productionbatches': (_t, w) => ({
    body: { name: `Lot ${next()}`, manufacturer_id: w.production.manufacturerId, planned_quantity: 10 },
  }),
  'GET /productionbatches/:id': () => ({}),
  'PATCH /productionbatches/:id': () => ({ body: { planned_quantity: 120 } }),
  'DELETE /productionbatches/:id': async (_t, w) => ({ id: await w.production.addBatch(`Matrix empty lot ${next()}`) }),
  'GET /productionbatches/:id/devices': () => ({}),
  'GET /batch/:id/totals': () => ({}),
  'GET /batch/:id/firstpasses': () => ({}),
  'GET /projects/:id/devices': () => ({}),
  'GET /devices/:id': () => ({}),
  'GET /devices/:id/reports': () => ({}),
  'GET /devicereports/:id': () => ({}),
  'GET /manage/devices': () => ({}),
  'PATCH /manage/devices/:id': () => ({ body: {} }),
  'PATCH /manage/devices/panel/:id': (_t, w) => ({ body: { device_ids: [w.ids.device], production_batch_id: w.ids.otherBatch } }),
  'GET /companies/:id/statistics': () => ({}),
  'GET /companies/:id/statistics/projects': () => ({}),
  'GET /companies/:id/dashboard': () => ({}),
  'GET /projects/:id/invites': () => ({}),
  'POST /projects/:id/invites': () => ({ body: { email: freshEmail('matrix'), role: 'viewer' } }),
  'PATCH /invites/:id': () => ({ body: { action: 'resend' } }),
  'GET /projects/:id/releasebatches': () => ({}),
  'POST /projects/:id/releasebatches': () => ({ body: { name: `Shipment ${next()}` } }),
  'GET /releasebatches/:id': () => ({}),
  'PATCH /releasebatches/:id': () => ({ body: { name: `Shipment ${next()}` } }),
  'DELETE /releasebatches/:id': async (t, w) => {
    const draft = await t.call('POST', `/v1/projects/${w.ids.project}/releasebatches`, { as: 'root', body: { name: `Draft ${next()}` } });
    return { id: draft.json().data.id };
  },
  'GET /releasebatches/:id/devices': () => ({}),
  'GET /projects/:id/devices/unreleased': () => ({}),
  'PATCH /releasebatches/:id/update': () => ({ body: { add: [] } }),
  'GET /enclosure-updates': () => ({}),
  'POST /enclosure-updates': () => ({
    body: firmwareForm({ description: `Matrix firmware ${next()}`, data: Buffer.from('firmware bytes') }),
  }),
  'GET /enclosure-updates/:id': () => ({}),
  'PATCH /enclosure-updates/:id': () => ({ body: { patch_notes: `Notes ${next()}` } }),
  'GET /enclosure-updates/:id/firmware': () => ({}),
  'DELETE /enclosure-updates/:id': async (t) => ({ id: await uploadFirmware(t, { description: `Doomed ${next()}` }) }),
};
