import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnclosure } from '../../server/store/enclosures';
import { addCassette, addModuleType } from './helpers/cassettes';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('cassettes', () => {
  let t: TestApp;
  let alphaEnclosure: number;
  let betaEnclosure: number;
  let dmm: number;
  let psu: number;

  beforeAll(async () => {
    t = await createTestApp();
    alphaEnclosure = await createEnclosure(t.db, { serial: 'ENC-A-1', name: 'Alpha line 1', company_id: t.companyIds.alpha, secret: 's1' });
    betaEnclosure = await createEnclosure(t.db, { serial: 'ENC-B-1', name: 'Beta line 1', company_id: t.companyIds.beta, secret: 's2' });
    dmm = await addModuleType(t, { name: 'Cassette DMM', ams_type: 'dmm' });
    psu = await addModuleType(t, { name: 'Cassette PSU', ams_type: 'psu' });
  });
  afterAll(() => t?.close());

  const post = (body: unknown) => t.call('POST', '/v1/cassettes', { as: 'root', body });
  const patch = (id: number, body: unknown) => t.call('PATCH', `/v1/cassettes/${id}`, { as: 'root', body });
  const putModules = (id: number, modules: unknown) => t.call('PUT', `/v1/cassettes/${id}/modules`, { as: 'root', body: { modules } });

  /** A cartridge (of a fresh type) in the cassette's bay, as the cartridge screen would put it. */
  async function cartridgeIn(cassetteId: number, bay: number, serial: string) {
    const now = new Date().toISOString();
    const type = await t.db
      .insertInto('cartridge_types')
      .values({ name: `Type ${serial}`, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('cartridges')
      .values({ serial, cartridge_type_id: type.id, cassette_id: cassetteId, bay, calibration_due_at: null, created_at: now, updated_at: now })
      .execute();
    return type.id;
  }

  it('adds a cassette in an enclosure of its company, sets its modules, and shows both', async () => {
    const res = await post({ serial: ' CS-100 ', name: 'Main cassette', company_id: t.companyIds.alpha, enclosure_id: alphaEnclosure, module_slots: 6 });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toEqual({
      id: expect.any(Number),
      serial: 'CS-100',
      name: 'Main cassette',
      company: { id: t.companyIds.alpha, name: 'Alpha Boards' },
      enclosure: { id: alphaEnclosure, serial: 'ENC-A-1', name: 'Alpha line 1', registered_name: 'Alpha line 1' },
      module_slots: 6,
      cartridge_bays: 2,
      modules: [],
      cartridges: [],
      projects: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const set = await putModules(created.id, [
      { slot: 3, cassette_module_type_id: psu },
      { slot: 1, cassette_module_type_id: dmm },
    ]);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.modules).toEqual([
      { slot: 1, module_type: { id: dmm, name: 'Cassette DMM', ams_type: 'dmm' } },
      { slot: 3, module_type: { id: psu, name: 'Cassette PSU', ams_type: 'psu' } },
    ]);
    // The whole set: a slot not listed is empty again.
    const reset = await putModules(created.id, [{ slot: 2, cassette_module_type_id: psu }]);
    expect(reset.json().data.modules).toEqual([{ slot: 2, module_type: { id: psu, name: 'Cassette PSU', ams_type: 'psu' } }]);

    const one = await t.call('GET', `/v1/cassettes/${created.id}`, { as: 'root' });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.modules).toHaveLength(1);
  });

  it('refuses missing fields, a serial taken, an unknown company and an enclosure of another company, on their fields', async () => {
    const empty = await post({ serial: '', name: ' ', module_slots: 0, cartridge_bays: 1.5 });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      serial: ['Serial is required.'],
      name: ['Name is required.'],
      company_id: ['Company is required.'],
      module_slots: ['Module slots is at least 1.'],
      cartridge_bays: ['Cartridge bays is a whole number.'],
    });

    await addCassette(t, t.companyIds.alpha, { serial: 'CS-TAKEN' });
    const taken = await post({ serial: 'cs-taken', name: 'Again', company_id: 999999, enclosure_id: alphaEnclosure });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      serial: ['A cassette with this serial exists already.'],
      company_id: ['There is no company with id 999999.'],
    });

    const foreign = await post({ serial: 'CS-FOREIGN', name: 'Wrong jig', company_id: t.companyIds.alpha, enclosure_id: betaEnclosure });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({
      enclosure_id: ['This enclosure belongs to another company: choose one of the cassette’s company.'],
    });
    const noEnclosure = await post({ serial: 'CS-NOENC', name: 'No jig', company_id: t.companyIds.alpha, enclosure_id: 999999 });
    expect(noEnclosure.json().errors).toEqual({ enclosure_id: ['There is no enclosure with id 999999.'] });
    expect((await t.call('GET', '/v1/cassettes?search=CS-FOREIGN', { as: 'root' })).json().meta.total).toBe(0);
  });

  it('changes fields with PATCH, keeping the enclosure in the cassette’s company and slots and bays in use', async () => {
    const id = await addCassette(t, t.companyIds.alpha, { serial: 'CS-PATCH', enclosure_id: alphaEnclosure, module_slots: 4, cartridge_bays: 2 });
    const renamed = await patch(id, { name: 'Renamed', enclosure_id: null });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Renamed', enclosure: null, serial: 'CS-PATCH' });

    expect((await patch(id, { enclosure_id: alphaEnclosure })).statusCode).toBe(200);
    // Moving it to Beta while it sits in Alpha's enclosure: refused on the enclosure.
    const moved = await patch(id, { company_id: t.companyIds.beta });
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(moved.json().errors)).toEqual(['enclosure_id']);
    const movedWithJig = await patch(id, { company_id: t.companyIds.beta, enclosure_id: betaEnclosure });
    expect(movedWithJig.statusCode, movedWithJig.body).toBe(200);
    expect(movedWithJig.json().data.company).toEqual({ id: t.companyIds.beta, name: 'Beta Builders' });

    expect((await putModules(id, [{ slot: 4, cassette_module_type_id: dmm }])).statusCode).toBe(200);
    await cartridgeIn(id, 2, 'CT-PATCH-1');
    const fewer = await patch(id, { module_slots: 3, cartridge_bays: 1 });
    expect(fewer.statusCode).toBe(422);
    expect(fewer.json().errors).toEqual({
      module_slots: ['Slot 4 holds a module: take it out before giving the cassette fewer slots.'],
      cartridge_bays: ['Bay 2 holds a cartridge: move it before giving the cassette fewer bays.'],
    });
    const more = await patch(id, { module_slots: 8 });
    expect(more.json().data.module_slots).toBe(8);

    const other = await addCassette(t, t.companyIds.alpha, { serial: 'CS-PATCH-OTHER' });
    const clash = await patch(other, { serial: 'cs-patch' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ serial: ['A cassette with this serial exists already.'] });
  });

  it('refuses a slot past the cassette’s slots, a slot twice and an unknown module, on each entry', async () => {
    const id = await addCassette(t, t.companyIds.alpha, { serial: 'CS-SLOTS', module_slots: 2 });
    const res = await putModules(id, [
      { slot: 1, cassette_module_type_id: dmm },
      { slot: 3, cassette_module_type_id: dmm },
      { slot: 1, cassette_module_type_id: psu },
      { slot: 2, cassette_module_type_id: 999999 },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'modules.1.slot': ['Slot 3 is past the cassette’s 2 slots.'],
      'modules.2.slot': ['Slot 1 is listed twice.'],
      'modules.3.cassette_module_type_id': ['There is no AMS module with id 999999.'],
    });
    const shapes = await putModules(id, [{ slot: 0, cassette_module_type_id: 'x' }]);
    expect(shapes.statusCode).toBe(422);
    expect(Object.keys(shapes.json().errors).sort()).toEqual(['modules.0.cassette_module_type_id', 'modules.0.slot']);
    expect((await t.call('GET', `/v1/cassettes/${id}`, { as: 'root' })).json().data.modules).toEqual([]);
  });

  it('shows the cartridges in its bays, read-only, and refuses its delete while they sit there', async () => {
    const id = await addCassette(t, t.companyIds.alpha, { serial: 'CS-DEL' });
    await putModules(id, [{ slot: 1, cassette_module_type_id: dmm }]);
    const typeId = await cartridgeIn(id, 1, 'CT-DEL-1');
    const one = (await t.call('GET', `/v1/cassettes/${id}`, { as: 'root' })).json().data;
    expect(one.cartridges).toEqual([
      { id: expect.any(Number), serial: 'CT-DEL-1', bay: 1, cartridge_type: { id: typeId, name: 'Type CT-DEL-1' }, calibration_due_at: null, calibration_status: 'overdue', cycles: expect.objectContaining({ contact_cycles: 0, status: 'ok' }) },
    ]);

    const refused = await t.call('DELETE', `/v1/cassettes/${id}`, { as: 'root' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Cassette “CS-DEL” still holds 1 cartridge; take it out on the cartridge screen first.');
    expect((await t.call('GET', `/v1/cassettes/${id}`, { as: 'root' })).statusCode).toBe(200);

    await t.db.updateTable('cartridges').set({ cassette_id: null, bay: null }).where('serial', '=', 'CT-DEL-1').execute();
    const gone = await t.call('DELETE', `/v1/cassettes/${id}`, { as: 'root' });
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await t.call('GET', `/v1/cassettes/${id}`, { as: 'root' })).statusCode).toBe(404);
    // Its modules went with it: the module type is free to go.
    const remaining = await t.db.selectFrom('cassette_modules').select('id').where('cassette_id', '=', id).execute();
    expect(remaining).toEqual([]);
  });

  it('lists paged, sorted, searched and filtered by company and enclosure', async () => {
    const a = await addCassette(t, t.companyIds.alpha, { serial: 'LIST-2', name: 'Listed b', enclosure_id: alphaEnclosure });
    const b = await addCassette(t, t.companyIds.alpha, { serial: 'LIST-1', name: 'Listed a' });
    const c = await addCassette(t, t.companyIds.beta, { serial: 'LIST-3', name: 'Listed c' });
    const list = async (query: string) => {
      const res = await t.call('GET', `/v1/cassettes?${query}`, { as: 'root' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect((await list('search=list-')).data.map((x: { id: number }) => x.id)).toEqual([b, a, c]);
    expect((await list('search=listed&sortby=name&sortdesc=true')).data.map((x: { id: number }) => x.id)).toEqual([c, a, b]);
    expect((await list(`search=list-&company_id=${t.companyIds.alpha}`)).data.map((x: { id: number }) => x.id)).toEqual([b, a]);
    expect((await list(`search=list-&enclosure_id=${alphaEnclosure}`)).data.map((x: { id: number }) => x.id)).toEqual([a]);
    const paged = await list('search=list-&limit=2&page=2&sortby=company');
    expect(paged.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(paged.data.map((x: { id: number }) => x.id)).toEqual([c]);
    const bad = await t.call('GET', '/v1/cassettes?company_id=abc&sortby=colour', { as: 'root' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['company_id', 'sortby']);
  });

  it('shows a company its own cassettes only: another company’s are 404', async () => {
    const mine = await addCassette(t, t.companyIds.alpha, { serial: 'SCOPE-A' });
    const theirs = await addCassette(t, t.companyIds.beta, { serial: 'SCOPE-B' });

    const own = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/cassettes?search=scope`, { as: 'alpha-viewer' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.map((x: { serial: string }) => x.serial)).toEqual(['SCOPE-A']);
    expect((await t.call('GET', `/v1/companies/${t.companyIds.beta}/cassettes`, { as: 'alpha-viewer' })).statusCode).toBe(404);

    expect((await t.call('GET', `/v1/cassettes/${mine}`, { as: 'alpha-operator' })).statusCode).toBe(200);
    expect((await t.call('GET', `/v1/cassettes/${theirs}`, { as: 'alpha-operator' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/cassettes/${theirs}`, { as: 'beta-viewer' })).statusCode).toBe(200);
    expect((await t.call('GET', `/v1/cassettes/${theirs}`, { as: 'root' })).statusCode).toBe(200);
    // Changes are the platform's: a company's own admin sees the row but may not change it; another's gets 404.
    expect((await patch(mine, {})).statusCode).toBe(200);
    expect((await t.call('PATCH', `/v1/cassettes/${mine}`, { as: 'alpha-admin', body: { name: 'Mine' } })).statusCode).toBe(403);
    expect((await t.call('PATCH', `/v1/cassettes/${mine}`, { as: 'beta-admin', body: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/cassettes/${mine}`, { as: 'beta-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', '/v1/cassettes', { as: 'alpha-admin' })).statusCode).toBe(403);
    expect((await t.call('GET', '/v1/cassettes/abc', { as: 'root' })).statusCode).toBe(404);
  });

  it('offers the enclosures of a company for the form (GET /enclosures?company_id=)', async () => {
    const res = await t.call('GET', `/v1/enclosures?company_id=${t.companyIds.alpha}&sortby=serial`, { as: 'root' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ id: alphaEnclosure, serial: 'ENC-A-1', name: 'Alpha line 1' })]);
  });
});
