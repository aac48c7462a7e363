import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCassette, addModuleType } from './helpers/cassettes';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('AMS modules (cassette module types)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const post = (body: unknown) => t.call('POST', '/v1/cassettemoduletypes', { as: 'root', body });
  const list = async (query: string) => {
    const res = await t.call('GET', `/v1/cassettemoduletypes?${query}`, { as: 'root' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('adds a module type with name and ams_type and shows it', async () => {
    const res = await post({ name: '  Keysight DMM 34465A ', ams_type: 'dmm' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Keysight DMM 34465A',
      ams_type: 'dmm',
      description: '',
      cassette_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const one = await t.call('GET', `/v1/cassettemoduletypes/${created.id}`, { as: 'root' });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(created);
  });

  it('refuses a missing name, an unknown family and a name taken in any case, on their fields', async () => {
    const empty = await post({ name: ' ', ams_type: 'warp' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      name: ['Name is required.'],
      ams_type: ['AMS type must be one of DMM, PSU, GPIO, CAN, Scope, Relay matrix, UART, Electronic load or Other.'],
    });
    const missing = await post({ name: 'No family' });
    expect(missing.json().errors).toEqual({ ams_type: ['AMS type is required.'] });

    await addModuleType(t, { name: 'Taken PSU', ams_type: 'psu' });
    const taken = await post({ name: 'taken psu', ams_type: 'psu' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['An AMS module with this name exists already.'] });
  });

  it('lists server-paged, sorted, searched by name and filtered by ams_type', async () => {
    for (const [name, ams_type] of [
      ['List GPIO b', 'gpio'],
      ['List GPIO a', 'gpio'],
      ['List CAN', 'can'],
    ]) {
      await addModuleType(t, { name, ams_type });
    }
    const gpio = await list('search=list&ams_type=gpio&sortby=name');
    expect(gpio.data.map((m: { name: string }) => m.name)).toEqual(['List GPIO a', 'List GPIO b']);
    expect(gpio.meta).toEqual({ page: 1, limit: 25, total: 2 });

    const desc = await list('search=list%20gpio&sortby=name&sortdesc=true&limit=1&page=2');
    expect(desc.data.map((m: { name: string }) => m.name)).toEqual(['List GPIO a']);
    expect(desc.meta.total).toBe(2);

    const bad = await t.call('GET', '/v1/cassettemoduletypes?ams_type=warp&sortby=colour', { as: 'root' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['ams_type', 'sortby']);
  });

  it('replaces name, family and description with PUT, refusing a name of another', async () => {
    const id = await addModuleType(t, { name: 'Put scope', ams_type: 'scope' });
    await addModuleType(t, { name: 'Other scope', ams_type: 'scope' });
    const res = await t.call('PUT', `/v1/cassettemoduletypes/${id}`, {
      as: 'root',
      body: { name: 'Put scope 2', ams_type: 'can', description: 'Two channels' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, name: 'Put scope 2', ams_type: 'can', description: 'Two channels' });

    // Its own name again is fine; another's is not.
    const same = await t.call('PUT', `/v1/cassettemoduletypes/${id}`, { as: 'root', body: { name: 'PUT SCOPE 2', ams_type: 'can' } });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.description).toBe('Two channels');
    const clash = await t.call('PUT', `/v1/cassettemoduletypes/${id}`, { as: 'root', body: { name: 'Other Scope', ams_type: 'can' } });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ name: ['An AMS module with this name exists already.'] });
    const partial = await t.call('PUT', `/v1/cassettemoduletypes/${id}`, { as: 'root', body: { name: 'Only a name' } });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors).toEqual({ ams_type: ['AMS type is required.'] });

    const none = await t.call('PUT', '/v1/cassettemoduletypes/999999', { as: 'root', body: { name: 'Ghost', ams_type: 'dmm' } });
    expect(none.statusCode).toBe(404);
  });

  it('deletes an unused module type, and refuses one a cassette holds with a 409 naming it', async () => {
    const unused = await addModuleType(t, { name: 'Unused relay', ams_type: 'relay' });
    const gone = await t.call('DELETE', `/v1/cassettemoduletypes/${unused}`, { as: 'root' });
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await t.call('GET', `/v1/cassettemoduletypes/${unused}`, { as: 'root' })).statusCode).toBe(404);

    const used = await addModuleType(t, { name: 'Used DMM', ams_type: 'dmm' });
    for (const serial of ['CS-USE-1', 'CS-USE-2']) {
      const cassette = await addCassette(t, t.companyIds.alpha, { serial });
      const put = await t.call('PUT', `/v1/cassettes/${cassette}/modules`, {
        as: 'root',
        body: { modules: [{ slot: 1, cassette_module_type_id: used }, { slot: 2, cassette_module_type_id: used }] },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    expect((await t.call('GET', `/v1/cassettemoduletypes/${used}`, { as: 'root' })).json().data.cassette_count).toBe(2);
    expect((await list('sortby=cassette_count&sortdesc=true')).data[0]).toMatchObject({ name: 'Used DMM', cassette_count: 2 });
    const refused = await t.call('DELETE', `/v1/cassettemoduletypes/${used}`, { as: 'root' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('AMS module “Used DMM” still holds 2 cassettes; take it out of their slots first.');
    expect((await t.call('GET', `/v1/cassettemoduletypes/${used}`, { as: 'root' })).statusCode).toBe(200);
  });

  it('settles a delete racing a slot that takes the module: one wins, never a 5xx or a slot without its module', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await addModuleType(t, { name: `Racing ${round}`, ams_type: 'gpio' });
      const cassette = await addCassette(t, t.companyIds.alpha, { serial: `CS-RACE-${round}` });
      const [removed, placed] = await Promise.all([
        t.call('DELETE', `/v1/cassettemoduletypes/${id}`, { as: 'root' }),
        t.call('PUT', `/v1/cassettes/${cassette}/modules`, { as: 'root', body: { modules: [{ slot: 1, cassette_module_type_id: id }] } }),
      ]);
      expect([204, 409]).toContain(removed.statusCode);
      expect([200, 422]).toContain(placed.statusCode);
      // Exactly one of them won.
      expect(removed.statusCode === 204).toBe(placed.statusCode === 422);
      const slots = (await t.call('GET', `/v1/cassettes/${cassette}`, { as: 'root' })).json().data.modules;
      expect(slots).toHaveLength(placed.statusCode === 200 ? 1 : 0);
    }
  });

  it('is the platform’s: a company’s admin is refused', async () => {
    expect((await t.call('GET', '/v1/cassettemoduletypes', { as: 'alpha-admin' })).statusCode).toBe(403);
    expect((await t.call('POST', '/v1/cassettemoduletypes', { as: 'alpha-admin', body: { name: 'X', ams_type: 'dmm' } })).statusCode).toBe(403);
  });
});
