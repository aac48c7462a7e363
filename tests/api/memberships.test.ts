import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvite, registration, tokenUrl } from './helpers/invites';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * People of another company who joined a project by invitation read that project and its
 * production, nothing else of the inviting company, and change none of it.
 */
let t: TestApp;
let joined: Production;
let other: Production;
let maker: { authorization: string };
let makerCompanyId: number;
const ids = { device: 0, report: 0, otherDevice: 0, otherReport: 0 };

beforeAll(async () => {
  t = await createTestApp();
  joined = await createProduction(t, 'alpha', { project: 'Joined Project' });
  other = await createProduction(t, 'alpha', { project: 'Other Project' });
  for (const [production, key] of [[joined, ''], [other, 'other']] as const) {
    const res = await production.report({ serial: `SN-${key || 'joined'}-1` });
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(res.body);
    const device = await t.db.selectFrom('devices').where('project_id', '=', production.projectId).select('id').executeTakeFirstOrThrow();
    const report = await t.db.selectFrom('device_reports').where('device_id', '=', device.id).select('id').executeTakeFirstOrThrow();
    if (key) [ids.otherDevice, ids.otherReport] = [device.id, report.id];
    else [ids.device, ids.report] = [device.id, report.id];
  }
  const invite = await createInvite(t, joined.projectId, { manufacturer_id: joined.manufacturerId, role: 'admin' });
  const registered = await t.call('POST', tokenUrl(invite.token), { body: registration('maker-admin') });
  if (registered.statusCode !== 201) throw new Error(registered.body);
  const { token, user } = registered.json().data;
  maker = { authorization: `Bearer ${token}` };
  makerCompanyId = user.company_id;
});
afterAll(() => t?.close());

const get = (url: string) => t.call('GET', url, { headers: maker });

describe('a manufacturer who registered through an invite', () => {
  it('sees the joined project among its own company\'s projects, and no other', async () => {
    const res = await get(`/v1/companies/${makerCompanyId}/projects`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['Joined Project']);
    expect(res.json().meta.total).toBe(1);
    expect((await get(`/v1/companies/${makerCompanyId}/projects?search=other`)).json().meta.total).toBe(0);
  });

  it('reads the project, its manufacturers, batches, devices and reports', async () => {
    const urls = [
      `/v1/projects/${joined.projectId}`,
      `/v1/projects/${joined.projectId}/manufacturers`,
      `/v1/projects/${joined.projectId}/productionbatches`,
      `/v1/productionbatches/${joined.batchId}`,
      `/v1/productionbatches/${joined.batchId}/devices`,
      `/v1/batch/${joined.batchId}/totals`,
      `/v1/batch/${joined.batchId}/firstpasses`,
      `/v1/projects/${joined.projectId}/devices`,
      `/v1/devices/${ids.device}`,
      `/v1/devices/${ids.device}/reports`,
      `/v1/devicereports/${ids.report}`,
    ];
    for (const url of urls) expect([url, (await get(url)).statusCode]).toEqual([url, 200]);
    // Whom else the customer invited is the customer's business.
    expect((await get(`/v1/projects/${joined.projectId}/invites`)).statusCode).toBe(403);
    const devices = (await get(`/v1/projects/${joined.projectId}/devices`)).json();
    expect(devices.data.map((d: { serial: string }) => d.serial)).toEqual(['SN-joined-1']);
  });

  it('gets 404 for every other project of that company and for the company itself', async () => {
    const urls = [
      `/v1/projects/${other.projectId}`,
      `/v1/projects/${other.projectId}/productionbatches`,
      `/v1/productionbatches/${other.batchId}`,
      `/v1/batch/${other.batchId}/totals`,
      `/v1/projects/${other.projectId}/devices`,
      `/v1/devices/${ids.otherDevice}`,
      `/v1/devices/${ids.otherDevice}/reports`,
      `/v1/devicereports/${ids.otherReport}`,
      `/v1/projects/${other.projectId}/invites`,
      `/v1/companies/${t.companyIds.alpha}/projects`,
      `/v1/companies/${t.companyIds.alpha}`,
    ];
    for (const url of urls) expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
  });

  it('gets 403 on every production write, even as an admin of its own company', async () => {
    const writes: [string, string, object][] = [
      ['PATCH', `/v1/projects/${joined.projectId}`, { name: 'Renamed' }],
      ['POST', `/v1/projects/${joined.projectId}/manufacturers`, { name: 'Another maker' }],
      ['POST', `/v1/projects/${joined.projectId}/productionbatches`, { name: 'Lot 9', manufacturer_id: joined.manufacturerId, planned_quantity: 5 }],
      ['PATCH', `/v1/productionbatches/${joined.batchId}`, { status: 'closed' }],
      ['POST', `/v1/projects/${joined.projectId}/invites`, { email: 'friend@example.com', role: 'viewer' }],
    ];
    for (const [method, url, body] of writes) {
      const res = await t.call(method as 'POST', url, { headers: maker, body });
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
    }
  });
});

describe('an existing user who accepted an invite', () => {
  it('adds the project to their own company list; colleagues who did not accept see nothing new', async () => {
    const invite = await createInvite(t, joined.projectId, { email: 'beta-viewer@example.com' });
    expect((await t.call('POST', tokenUrl(invite.token), { as: 'beta-viewer' })).statusCode).toBe(200);
    const own = await t.call('GET', `/v1/companies/${t.companyIds.beta}/projects?sortby=name`, { as: 'beta-viewer' });
    expect(own.json().data.map((p: { name: string }) => p.name)).toContain('Joined Project');
    const colleague = await t.call('GET', `/v1/companies/${t.companyIds.beta}/projects`, { as: 'beta-admin' });
    expect(colleague.json().data.map((p: { name: string }) => p.name)).not.toContain('Joined Project');
    expect((await t.call('GET', `/v1/projects/${joined.projectId}`, { as: 'beta-admin' })).statusCode).toBe(404);
  });

  it('keeps the inviting company\'s own list unchanged', async () => {
    const res = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/projects?sortby=name`, { as: 'alpha-viewer' });
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['Joined Project', 'Other Project']);
  });

  it('does not show member projects to a superadmin looking at that company', async () => {
    const res = await t.call('GET', `/v1/companies/${t.companyIds.beta}/projects`, { as: 'root' });
    expect(res.json().data.map((p: { name: string }) => p.name)).not.toContain('Joined Project');
  });
});
