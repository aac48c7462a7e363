import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  const projects = [
    ['alpha', 'Sensor Board', 'Temperature sensor'],
    ['alpha', 'amplifier', 'Audio stage'],
    ['alpha', 'Controller', 'Main controller with sensor hub'],
    ['beta', 'Beta Secret', 'Not for alpha'],
  ] as const;
  for (const [company, name, description] of projects) {
    const res = await t.call('POST', '/v1/projects', { as: 'root', body: { company_id: t.companyIds[company], name, description } });
    if (res.statusCode !== 201) throw new Error(res.body);
    ids[name] = res.json().data.id;
  }
  await t.call('PATCH', `/v1/projects/${ids.Controller}`, { as: 'root', body: { status: 'archived' } });
});
afterAll(() => t?.close());

const names = (res: { json: () => { data: { name: string }[] } }) => res.json().data.map((p) => p.name);

describe('POST /v1/projects (superadmin addition)', () => {
  it('creates a project for a company', async () => {
    const res = await t.call('POST', '/v1/projects', {
      as: 'root',
      body: { company_id: t.companyIds.alpha, name: '  Power Supply  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      company_id: t.companyIds.alpha,
      name: 'Power Supply',
      description: '',
      status: 'active',
      request_id: null,
      device_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('refuses a duplicate name in the company (any case) with 422 on name', async () => {
    const res = await t.call('POST', '/v1/projects', { as: 'root', body: { company_id: t.companyIds.alpha, name: 'SENSOR board' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['name']);
  });

  it('allows the same name in another company', async () => {
    const res = await t.call('POST', '/v1/projects', { as: 'root', body: { company_id: t.companyIds.beta, name: 'Sensor Board' } });
    expect(res.statusCode).toBe(201);
  });

  it('refuses bad bodies and unknown companies with 422', async () => {
    const bad = await t.call('POST', '/v1/projects', { as: 'root', body: { name: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['company_id', 'name']);
    const unknown = await t.call('POST', '/v1/projects', { as: 'root', body: { company_id: 99999, name: 'Orphan' } });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['company_id']);
  });

  it.each(['alpha-admin', 'alpha-engineer', 'alpha-viewer'])('refuses %s with 403', async (user) => {
    const res = await t.call('POST', '/v1/projects', { as: user, body: { company_id: t.companyIds.alpha, name: 'Sneaky' } });
    expect(res.statusCode).toBe(403);
  });

  it('needs a login', async () => {
    expect((await t.call('POST', '/v1/projects', { body: { company_id: 1, name: 'x' } })).statusCode).toBe(401);
  });
});

describe('GET /v1/companies/:id/projects', () => {
  it('lists, sorts and pages the company projects for a member', async () => {
    const url = `/v1/companies/${t.companyIds.alpha}/projects?sortby=name&limit=2`;
    const res = await t.call('GET', url, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['amplifier', 'Controller']);
    expect(res.json().meta).toEqual({ page: 1, limit: 2, total: 4 });
    const second = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/projects/?sortby=name&limit=2&page=2`, { as: 'alpha-viewer' });
    expect(names(second)).toEqual(['Power Supply', 'Sensor Board']);
    const desc = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/projects?sortby=name&sortdesc=true`, { as: 'alpha-viewer' });
    expect(names(desc)).toEqual(['Sensor Board', 'Power Supply', 'Controller', 'amplifier']);
  });

  it('searches name and description, filters by status', async () => {
    const search = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/projects?search=SENSOR&sortby=id`, { as: 'alpha-admin' });
    expect(names(search)).toEqual(['Sensor Board', 'Controller']);
    expect(search.json().meta.total).toBe(2);
    const archived = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/projects?status=archived`, { as: 'alpha-admin' });
    expect(names(archived)).toEqual(['Controller']);
  });

  it('lists any company to a superadmin', async () => {
    const res = await t.call('GET', `/v1/companies/${t.companyIds.beta}/projects`, { as: 'root' });
    expect(names(res).sort()).toEqual(['Beta Secret', 'Sensor Board']);
  });

  it('hides another company with 404', async () => {
    const res = await t.call('GET', `/v1/companies/${t.companyIds.beta}/projects`, { as: 'alpha-admin' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Beta Secret');
  });

  it('answers 422 for unknown sortby, page 0 and bad status', async () => {
    for (const [query, key] of [['sortby=secret', 'sortby'], ['page=0', 'page'], ['status=gone', 'status'], ['limit=500', 'limit']]) {
      const res = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/projects?${query}`, { as: 'alpha-admin' });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([key]);
    }
  });

  it('needs a login', async () => {
    expect((await t.call('GET', `/v1/companies/${t.companyIds.alpha}/projects`)).statusCode).toBe(401);
  });
});

describe('GET and PATCH /v1/projects/:id', () => {
  it('shows a project to members and superadmins, 404 to other companies', async () => {
    expect((await t.call('GET', `/v1/projects/${ids['Sensor Board']}`, { as: 'alpha-operator' })).json().data.name).toBe('Sensor Board');
    expect((await t.call('GET', `/v1/projects/${ids['Sensor Board']}/`, { as: 'root' })).statusCode).toBe(200);
    expect((await t.call('GET', `/v1/projects/${ids['Beta Secret']}`, { as: 'alpha-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', '/v1/projects/99999', { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('GET', '/v1/projects/abc', { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/projects/${ids['Sensor Board']}`)).statusCode).toBe(401);
  });

  it('lets the company admin rename, describe and archive', async () => {
    const res = await t.call('PATCH', `/v1/projects/${ids.amplifier}`, {
      as: 'alpha-admin',
      body: { name: 'Amplifier', description: 'Class D', status: 'archived' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Amplifier', description: 'Class D', status: 'archived' });
    const back = await t.call('PATCH', `/v1/projects/${ids.amplifier}`, { as: 'root', body: { status: 'active' } });
    expect(back.json().data).toMatchObject({ name: 'Amplifier', status: 'active' });
  });

  it.each(['alpha-engineer', 'alpha-operator', 'alpha-viewer'])('refuses %s with 403', async (user) => {
    const res = await t.call('PATCH', `/v1/projects/${ids.amplifier}`, { as: user, body: { name: 'Nope' } });
    expect(res.statusCode).toBe(403);
  });

  it('hides another company from its admin with 404', async () => {
    const res = await t.call('PATCH', `/v1/projects/${ids['Beta Secret']}`, { as: 'alpha-admin', body: { name: 'Mine' } });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a taken name and a bad status with 422', async () => {
    const taken = await t.call('PATCH', `/v1/projects/${ids.amplifier}`, { as: 'alpha-admin', body: { name: 'controller' } });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toEqual(['name']);
    const status = await t.call('PATCH', `/v1/projects/${ids.amplifier}`, { as: 'alpha-admin', body: { status: 'deleted', name: 'a' } });
    expect(status.statusCode).toBe(422);
    expect(Object.keys(status.json().errors).sort()).toEqual(['name', 'status']);
  });
});
