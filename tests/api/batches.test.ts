import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let p: Production;
let beta: Production;
const batch: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Batches' });
  beta = await createProduction(t, 'beta');
  batch.first = p.batchId; // "Lot 1": nothing tested
  batch.half = await p.addBatch('Lot half');
  batch.full = await p.addBatch('Lot full');
  await p.report({ serial: 'H-1', production_batch_id: batch.half, result: 'pass' });
  await p.report({ serial: 'H-2', production_batch_id: batch.half, result: 'fail' });
  await p.report({ serial: 'H-2', result: 'pass' });
  await p.report({ serial: 'F-1', production_batch_id: batch.full, result: 'pass' });
});
afterAll(() => t?.close());

const names = (res: { json: () => { data: { name: string }[] } }) => res.json().data.map((b) => b.name);

describe('/v1/projects/:id/manufacturers', () => {
  it('lets admins and engineers add, with 201', async () => {
    for (const [user, name] of [['alpha-admin', 'Acme EMS'], ['alpha-engineer', 'Zeta Fab']]) {
      const res = await t.call('POST', `/v1/projects/${p.projectId}/manufacturers`, { as: user, body: { name, contact_email: `${user}@ems.example` } });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toEqual({ id: expect.any(Number), project_id: p.projectId, name, contact_email: `${user}@ems.example`, created_at: expect.any(String) });
    }
  });

  it('lists them paged and sorted, with search', async () => {
    const res = await t.call('GET', `/v1/projects/${p.projectId}/manufacturers?sortby=name&sortdesc=true&limit=2`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    expect(names(res)[0]).toBe('Zeta Fab');
    expect(res.json().meta).toEqual({ page: 1, limit: 2, total: 3 });
    const search = await t.call('GET', `/v1/projects/${p.projectId}/manufacturers/?search=acme`, { as: 'alpha-viewer' });
    expect(names(search)).toEqual(['Acme EMS']);
  });

  it.each(['alpha-operator', 'alpha-viewer'])('refuses %s with 403', async (user) => {
    const res = await t.call('POST', `/v1/projects/${p.projectId}/manufacturers`, { as: user, body: { name: 'Nope' } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses duplicates and bad bodies with 422', async () => {
    const dup = await t.call('POST', `/v1/projects/${p.projectId}/manufacturers`, { as: 'alpha-admin', body: { name: 'ACME ems' } });
    expect(dup.statusCode).toBe(422);
    expect(Object.keys(dup.json().errors)).toEqual(['name']);
    const bad = await t.call('POST', `/v1/projects/${p.projectId}/manufacturers`, { as: 'alpha-admin', body: { name: 'x', contact_email: 'nope' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['contact_email', 'name']);
  });

  it('hides another company with 404 and needs a login', async () => {
    expect((await t.call('GET', `/v1/projects/${beta.projectId}/manufacturers`, { as: 'alpha-admin' })).statusCode).toBe(404);
    expect((await t.call('POST', `/v1/projects/${beta.projectId}/manufacturers`, { as: 'alpha-admin', body: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/projects/${p.projectId}/manufacturers`)).statusCode).toBe(401);
  });
});

describe('/v1/projects/:id/productionbatches', () => {
  it('creates a batch for a manufacturer of the project', async () => {
    const res = await t.call('POST', `/v1/projects/${p.projectId}/productionbatches`, {
      as: 'alpha-engineer',
      body: { name: 'Lot new', manufacturer_id: p.manufacturerId, planned_quantity: 500 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      project_id: p.projectId,
      manufacturer_id: p.manufacturerId,
      manufacturer_name: expect.any(String),
      name: 'Lot new',
      planned_quantity: 500,
      status: 'open',
      device_count: 0,
      tested_count: 0,
      passed_count: 0,
      failed_count: 0,
      released_count: 0,
      first_pass_count: 0,
      second_pass_count: 0,
      last_pass_count: 0,
      yield: null,
      first_pass_yield: null,
      second_pass_yield: null,
      last_pass_yield: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    batch.new = res.json().data.id;
  });

  it('refuses a manufacturer of another project, a taken name and bad fields with 422', async () => {
    const other = await t.call('POST', `/v1/projects/${p.projectId}/productionbatches`, {
      as: 'alpha-admin',
      body: { name: 'Lot X', manufacturer_id: beta.manufacturerId, planned_quantity: 5 },
    });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json().errors)).toEqual(['manufacturer_id']);
    const taken = await t.call('POST', `/v1/projects/${p.projectId}/productionbatches`, {
      as: 'alpha-admin',
      body: { name: 'lot 1', manufacturer_id: p.manufacturerId, planned_quantity: 5 },
    });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toEqual(['name']);
    const bad = await t.call('POST', `/v1/projects/${p.projectId}/productionbatches`, { as: 'alpha-admin', body: { planned_quantity: 0 } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['manufacturer_id', 'name', 'planned_quantity']);
  });

  it.each(['alpha-operator', 'alpha-viewer'])('refuses %s with 403', async (user) => {
    const res = await t.call('POST', `/v1/projects/${p.projectId}/productionbatches`, {
      as: user,
      body: { name: 'Lot Y', manufacturer_id: p.manufacturerId, planned_quantity: 5 },
    });
    expect(res.statusCode).toBe(403);
  });

  it('sorts by first-pass yield from the counters, untested first ascending', async () => {
    const url = `/v1/projects/${p.projectId}/productionbatches?sortby=first_pass_yield`;
    const asc = await t.call('GET', url, { as: 'alpha-viewer' });
    expect(asc.statusCode).toBe(200);
    expect(names(asc)).toEqual(['Lot 1', 'Lot new', 'Lot half', 'Lot full']);
    const desc = await t.call('GET', `${url}&sortdesc=true`, { as: 'alpha-viewer' });
    expect(names(desc)).toEqual(['Lot full', 'Lot half', 'Lot new', 'Lot 1']);
    const half = asc.json().data.find((b: { name: string }) => b.name === 'Lot half');
    expect(half).toMatchObject({ device_count: 2, tested_count: 2, passed_count: 2, failed_count: 0, first_pass_count: 1 });
  });

  it('pages, searches and filters by status', async () => {
    await t.call('PATCH', `/v1/productionbatches/${batch.full}`, { as: 'alpha-engineer', body: { status: 'closed' } });
    const page = await t.call('GET', `/v1/projects/${p.projectId}/productionbatches?sortby=name&limit=2&page=2`, { as: 'alpha-viewer' });
    expect(names(page)).toEqual(['Lot half', 'Lot new']);
    expect(page.json().meta).toEqual({ page: 2, limit: 2, total: 4 });
    const search = await t.call('GET', `/v1/projects/${p.projectId}/productionbatches?search=HALF`, { as: 'alpha-viewer' });
    expect(names(search)).toEqual(['Lot half']);
    const closed = await t.call('GET', `/v1/projects/${p.projectId}/productionbatches?status=closed`, { as: 'alpha-viewer' });
    expect(names(closed)).toEqual(['Lot full']);
  });

  it('answers 422 for unknown sortby and page 0, 404 across companies, 401 without login', async () => {
    const sort = await t.call('GET', `/v1/projects/${p.projectId}/productionbatches?sortby=passed_count`, { as: 'alpha-viewer' });
    expect(sort.statusCode).toBe(422);
    expect(Object.keys(sort.json().errors)).toEqual(['sortby']);
    const page = await t.call('GET', `/v1/projects/${p.projectId}/productionbatches?page=0`, { as: 'alpha-viewer' });
    expect(Object.keys(page.json().errors)).toEqual(['page']);
    expect((await t.call('GET', `/v1/projects/${beta.projectId}/productionbatches`, { as: 'alpha-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/projects/${p.projectId}/productionbatches`)).statusCode).toBe(401);
  });
});

describe('/v1/productionbatches/:id and /v1/batch/:id', () => {
  it('shows a batch, and lets admins and engineers change it', async () => {
    const res = await t.call('GET', `/v1/productionbatches/${batch.half}/`, { as: 'alpha-operator' });
    expect(res.json().data).toMatchObject({ name: 'Lot half', manufacturer_id: p.manufacturerId });
    const patch = await t.call('PATCH', `/v1/productionbatches/${batch.new}`, { as: 'alpha-admin', body: { name: 'Lot renamed', planned_quantity: 9 } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().data).toMatchObject({ name: 'Lot renamed', planned_quantity: 9, status: 'open' });
  });

  it('refuses operators and viewers (403), other companies (404) and bad fields (422)', async () => {
    expect((await t.call('PATCH', `/v1/productionbatches/${batch.new}`, { as: 'alpha-viewer', body: { name: 'x' } })).statusCode).toBe(403);
    expect((await t.call('PATCH', `/v1/productionbatches/${beta.batchId}`, { as: 'alpha-admin', body: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/productionbatches/${beta.batchId}`, { as: 'alpha-admin' })).statusCode).toBe(404);
    const bad = await t.call('PATCH', `/v1/productionbatches/${batch.new}`, { as: 'alpha-admin', body: { status: 'done', name: 'Lot half' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['status']);
    const taken = await t.call('PATCH', `/v1/productionbatches/${batch.new}`, { as: 'alpha-admin', body: { name: 'LOT HALF' } });
    expect(Object.keys(taken.json().errors)).toEqual(['name']);
  });

  it('answers totals and first passes from the counters', async () => {
    const totals = await t.call('GET', `/v1/batch/${batch.half}/totals`, { as: 'alpha-viewer' });
    expect(totals.json().data).toEqual({
      batch_id: batch.half,
      planned: 100,
      devices: 2,
      tested: 2,
      untested: 0,
      passed: 2,
      failed: 0,
      released: 0,
      scrapped: 0,
      reports: 3,
      yield: 1,
    });
    const first = await t.call('GET', `/v1/batch/${batch.half}/firstpasses/`, { as: 'alpha-viewer' });
    // One board passed at once, the other on its second run: both second and last passes.
    expect(first.json().data).toEqual({
      batch_id: batch.half, tested: 2, first_pass: 1, first_pass_yield: 0.5, second_pass: 2, second_pass_yield: 1, last_pass: 2, last_pass_yield: 1,
    });
    const empty = await t.call('GET', `/v1/batch/${batch.first}/firstpasses`, { as: 'root' });
    expect(empty.json().data).toEqual({
      batch_id: batch.first, tested: 0, first_pass: 0, first_pass_yield: null, second_pass: 0, second_pass_yield: null, last_pass: 0, last_pass_yield: null,
    });
    expect((await t.call('GET', `/v1/batch/${beta.batchId}/totals`, { as: 'alpha-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/batch/${beta.batchId}/firstpasses`, { as: 'alpha-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/batch/${batch.half}/totals`)).statusCode).toBe(401);
  });

  it('lists the devices of a batch with totals from its counters', async () => {
    const res = await t.call('GET', `/v1/productionbatches/${batch.half}/devices?sortby=serial&sortdesc=true`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: { serial: string }) => d.serial)).toEqual(['H-2', 'H-1']);
    expect(res.json().meta.total).toBe(2);
    const passed = await t.call('GET', `/v1/productionbatches/${batch.half}/devices?status=failed`, { as: 'alpha-viewer' });
    expect(passed.json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await t.call('GET', `/v1/productionbatches/${beta.batchId}/devices`, { as: 'alpha-viewer' })).statusCode).toBe(404);
  });
});
