import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../server/seed/companies';
import { addGroup, requestCatalogue, select, type RequestCatalogue } from './helpers/request-catalogue';
import { insertPads, insertRequest, padRow } from './helpers/requests';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app';

/** Test pad groups of a request and their mapping to connector pins. */
describe('test pad groups', () => {
  let t: TestApp;
  let cat: RequestCatalogue;

  beforeAll(async () => {
    t = await createTestApp();
    cat = await requestCatalogue(t, 'RG');
    // A second superadmin, for the calls two people make at once.
    await seedCompany(t.db, { name: 'Second operator', type: 'operator', users: [{ username: 'root2', roles: ['superadmin'] }] }, PASSWORD);
  });
  afterAll(() => t?.close());

  const padsOf = async (requestId: number) =>
    t.db.selectFrom('test_pads').select(['id', 'group_id']).where('request_id', '=', requestId).orderBy('id').execute();

  it('groups pads by net: a group per net named after it, an existing group of that name takes its pads, pads without a net stay', async () => {
    const request = await insertRequest(t, t.companyIds.alpha);
    const pads = await insertPads(t, request, [
      ...padRow(2).map((p) => ({ ...p, net: 'GND' })),
      ...padRow(2, 'TS').map((p) => ({ ...p, net: 'SDA' })),
      { name: 'TN1', x: 60, y: 10, net: null },
      { name: 'TV1', x: 65, y: 10, net: 'gnd' },
    ]);
    const existing = await addGroup(t, request, { name: 'sda', resource_type_id: cat.resourceTypes.dio });
    const res = await t.call('POST', `/v1/requests/${request}/testpadgroups/bynet`, {
      as: 'root',
      body: { resource_type_id: cat.resourceTypes.voltage, pad_ids: pads },
    });
    expect(res.statusCode).toBe(200);
    const { groups, skipped_pad_ids } = res.json().data;
    // 'GND' and 'gnd' are one group's name (any case), as a person typing them would be refused.
    expect(groups.map((g: { name: string; pad_ids: number[]; resource_type: { id: number } }) => [g.name, g.pad_ids, g.resource_type.id])).toEqual([
      ['GND', [pads[0], pads[1], pads[5]], cat.resourceTypes.voltage],
      ['sda', [pads[2], pads[3]], cat.resourceTypes.dio],
    ]);
    expect(groups[1].id).toBe(existing);
    expect(skipped_pad_ids).toEqual([pads[4]]);

    // A refusal changes nothing: a tooling hole among the pads.
    const [hole] = await insertPads(t, request, [{ name: 'H1', x: 1, y: 1, kind: 'tooling', net: null }]);
    const before = await padsOf(request);
    const refused = await t.call('POST', `/v1/requests/${request}/testpadgroups/bynet`, {
      as: 'root',
      body: { resource_type_id: cat.resourceTypes.voltage, pad_ids: [pads[4], hole] },
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['pad_ids']);
    expect(await padsOf(request)).toEqual(before);
    const empty = await t.call('POST', `/v1/requests/${request}/testpadgroups/bynet`, { as: 'root', body: { resource_type_id: cat.resourceTypes.voltage, pad_ids: [] } });
    expect(empty.statusCode).toBe(422);
  });

  it('creates, lists, shows, changes and deletes a group; pads move between groups', async () => {
    const request = await insertRequest(t, t.companyIds.alpha);
    const pads = await insertPads(t, request, padRow(6));
    const res = await t.call('POST', `/v1/requests/${request}/testpadgroups`, {
      as: 'root',
      body: { name: '  VCC  ', resource_type_id: cat.resourceTypes.voltage, pad_ids: [pads[0], pads[1], pads[1]] },
    });
    expect(res.statusCode).toBe(201);
    const vcc = res.json().data;
    expect(vcc).toEqual({
      id: expect.any(Number),
      request_id: request,
      name: 'VCC',
      resource_type: { id: cat.resourceTypes.voltage, name: 'Voltage sense RG' },
      pad_ids: [pads[0], pads[1]],
      mapping: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    // Pad 2 moves from VCC into GND: a pad is in one group at most.
    const gnd = await addGroup(t, request, { name: 'GND', resource_type_id: cat.resourceTypes.dio, pad_ids: [pads[1], pads[2]] });
    const list = await t.call('GET', `/v1/requests/${request}/testpadgroups`, { as: 'root' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((g: { name: string; pad_ids: number[] }) => [g.name, g.pad_ids])).toEqual([
      ['GND', [pads[1], pads[2]]],
      ['VCC', [pads[0]]],
    ]);

    // Add moves in, remove takes out, pad_ids replaces.
    const add = await t.call('PATCH', `/v1/testpadgroups/${vcc.id}`, { as: 'root', body: { add_pad_ids: [pads[2], pads[3]], remove_pad_ids: [pads[0]] } });
    expect(add.statusCode).toBe(200);
    expect(add.json().data).toMatchObject({ pad_ids: [pads[2], pads[3]], cleared_mapping: false });
    expect((await t.call('GET', `/v1/testpadgroups/${gnd}`, { as: 'root' })).json().data.pad_ids).toEqual([pads[1]]);
    const replace = await t.call('PATCH', `/v1/testpadgroups/${vcc.id}`, { as: 'root', body: { name: 'VCC main', pad_ids: [pads[4], pads[5]] } });
    expect(replace.json().data).toMatchObject({ name: 'VCC main', pad_ids: [pads[4], pads[5]] });
    expect((await padsOf(request)).map((p) => p.group_id)).toEqual([null, gnd, null, null, vcc.id, vcc.id]);

    const del = await t.call('DELETE', `/v1/testpadgroups/${vcc.id}`, { as: 'root' });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await padsOf(request)).map((p) => p.group_id)).toEqual([null, gnd, null, null, null, null]);
    expect((await t.call('GET', `/v1/testpadgroups/${vcc.id}`, { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/testpadgroups/${vcc.id}`, { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('PATCH', `/v1/testpadgroups/${vcc.id}`, { as: 'root', body: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.call('GET', '/v1/requests/999999/testpadgroups', { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('POST', '/v1/requests/999999/testpadgroups', { as: 'root', body: { name: 'x', resource_type_id: cat.resourceTypes.voltage } })).statusCode).toBe(404);
  });

  it('refuses a taken name, unknown resource type, tooling holes and other requests’ pads with 422 on the field', async () => {
    const request = await insertRequest(t, t.companyIds.alpha);
    const [pad, tooling] = await insertPads(t, request, [
      { name: 'TP1', x: 10, y: 10 },
      { name: 'H1', x: 1, y: 1, kind: 'tooling' },
    ]);
    const other = await insertRequest(t, t.companyIds.alpha);
    const [foreign] = await insertPads(t, other, [{ name: 'TP1', x: 10, y: 10 }]);
    const group = await addGroup(t, request, { name: 'SENSE', resource_type_id: cat.resourceTypes.voltage });

    const post = (body: object) => t.call('POST', `/v1/requests/${request}/testpadgroups`, { as: 'root', body });
    const taken = await post({ name: 'sense', resource_type_id: 999999, pad_ids: [tooling] });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      name: ['Another pad group of this request has this name.'],
      resource_type_id: ['There is no resource type with id 999999.'],
      pad_ids: ['H1 is a tooling hole: tooling holes get no probe and join no group.'],
    });
    const foreignPad = await post({ name: 'X', resource_type_id: cat.resourceTypes.voltage, pad_ids: [pad, foreign, 999999] });
    expect(foreignPad.statusCode).toBe(422);
    expect(foreignPad.json().errors).toEqual({ pad_ids: [`${foreign} and 999999 are no test pads of this request.`] });
    const malformed = await post({ name: '', resource_type_id: 'x', pad_ids: 'all' });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors).sort()).toEqual(['name', 'pad_ids', 'resource_type_id']);

    const patch = await t.call('PATCH', `/v1/testpadgroups/${group}`, { as: 'root', body: { add_pad_ids: [tooling], pad_ids: [foreign] } });
    expect(patch.statusCode).toBe(422);
    expect(Object.keys(patch.json().errors).sort()).toEqual(['add_pad_ids', 'pad_ids']);
    const second = await addGroup(t, request, { name: 'OTHER', resource_type_id: cat.resourceTypes.voltage });
    const rename = await t.call('PATCH', `/v1/testpadgroups/${second}`, { as: 'root', body: { name: 'Sense' } });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors).toEqual({ name: ['Another pad group of this request has this name.'] });
    // Nothing was saved by the refusals.
    expect((await padsOf(request)).map((p) => p.group_id)).toEqual([null, null]);
  });

  it('groups thousands of pads in one call', async () => {
    const request = await insertRequest(t, t.companyIds.alpha);
    const pads: number[] = [];
    for (let chunk = 0; chunk < 8; chunk++) pads.push(...(await insertPads(t, request, padRow(500, `C${chunk}-`))));
    const res = await t.call('POST', `/v1/requests/${request}/testpadgroups`, { as: 'root', body: { name: 'ALL', resource_type_id: cat.resourceTypes.voltage, pad_ids: pads } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.pad_ids).toHaveLength(4000);
    const other = await addGroup(t, request, { name: 'HALF', resource_type_id: cat.resourceTypes.voltage, pad_ids: pads.slice(2000) });
    expect((await t.call('GET', `/v1/testpadgroups/${other}`, { as: 'root' })).json().data.pad_ids).toHaveLength(2000);
    expect((await t.call('GET', `/v1/testpadgroups/${res.json().data.id}`, { as: 'root' })).json().data.pad_ids).toEqual(pads.slice(0, 2000));
  });

  it('answers odd ids and bodies with 404 or 422 and field errors, never 5xx', async () => {
    const request = await insertRequest(t, t.companyIds.alpha);
    const group = await addGroup(t, request, { resource_type_id: cat.resourceTypes.voltage });
    for (const url of ['/v1/testpadgroups/abc', '/v1/testpadgroups/0', '/v1/testpadgroups/99999999999', '/v1/requests/-1/testpadgroups']) {
      expect((await t.call('GET', url, { as: 'root' })).statusCode, url).toBe(404);
    }
    const odd: [string, string, unknown][] = [
      ['PATCH', `/v1/testpadgroups/${group}`, { pad_ids: [1.5] }],
      ['PATCH', `/v1/testpadgroups/${group}`, { add_pad_ids: [0], remove_pad_ids: ['x'] }],
      ['PATCH', `/v1/testpadgroups/${group}`, { name: 'x'.repeat(65) }],
      ['PATCH', `/v1/testpadgroups/${group}`, { resource_type_id: null }],
      ['PATCH', `/v1/requests/map_pad_group/${group}`, {}],
      ['PATCH', `/v1/requests/map_pad_group/${group}`, { selected_cartridge_id: 2 ** 40, connector_pin_id: 1 }],
      ['POST', `/v1/requests/${request}/testpadgroups`, { name: 'Big', resource_type_id: cat.resourceTypes.voltage, pad_ids: Array.from({ length: 20_001 }, (_, i) => i + 1) }],
    ];
    for (const [method, url, body] of odd) {
      const res = await t.call(method as 'PATCH', url, { as: 'root', body });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(422);
      expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
    }
  });

  it('is the platform’s alone, and a completed or rejected request changes no more (409)', async () => {
    const request = await insertRequest(t, t.companyIds.alpha);
    const group = await addGroup(t, request, { resource_type_id: cat.resourceTypes.voltage });
    expect((await t.call('GET', `/v1/requests/${request}/testpadgroups`, { as: 'alpha-admin' })).statusCode).toBe(403);
    expect((await t.call('GET', `/v1/testpadgroups/${group}`)).statusCode).toBe(401);
    for (const status of ['completed', 'rejected']) {
      await t.db.updateTable('project_requests').set({ status }).where('id', '=', request).execute();
      expect((await t.call('PATCH', `/v1/testpadgroups/${group}`, { as: 'root', body: { name: 'Late' } })).statusCode).toBe(409);
      expect((await t.call('DELETE', `/v1/testpadgroups/${group}`, { as: 'root' })).statusCode).toBe(409);
      expect((await t.call('POST', `/v1/requests/${request}/testpadgroups`, { as: 'root', body: { name: 'Late', resource_type_id: cat.resourceTypes.voltage } })).statusCode).toBe(409);
    }
  });

  describe('mapping', () => {
    it('maps a group to a pin its resource type’s pin map lists, with a module; nulls unmap', async () => {
      const request = await insertRequest(t, t.companyIds.alpha);
      const cartridge = await select(t, request, 'cartridge', cat.cartridgeTypes.mx, 2);
      const module = await select(t, request, 'module', cat.moduleType, 3);
      const group = await addGroup(t, request, { name: 'VBAT', resource_type_id: cat.resourceTypes.voltage });
      const res = await t.call('PATCH', `/v1/requests/map_pad_group/${group}`, {
        as: 'root',
        body: { selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain2, selected_module_id: module },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.mapping).toEqual({
        selected_cartridge: { id: cartridge, bay: 2, cartridge_type: { id: cat.cartridgeTypes.mx, name: 'MX-64 RG' } },
        connector_pin: { id: cat.pins.ain2, number: 2, name: 'AIN2', pin_type: { id: cat.pinTypes.analog, name: 'Analog RG' } },
        selected_module: { id: module, slot: 3, module_type: { id: cat.moduleType, name: 'DMM RG' } },
      });
      // Without a module, then unmapped.
      const noModule = await t.call('PATCH', `/v1/requests/map_pad_group/${group}`, { as: 'root', body: { selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain1 } });
      expect(noModule.json().data.mapping).toMatchObject({ connector_pin: { number: 1 }, selected_module: null });
      const unmap = await t.call('PATCH', `/v1/requests/map_pad_group/${group}`, { as: 'root', body: { selected_cartridge_id: null, connector_pin_id: null } });
      expect(unmap.statusCode).toBe(200);
      expect(unmap.json().data.mapping).toBeNull();
      expect((await t.call('PATCH', '/v1/requests/map_pad_group/999999', { as: 'root', body: { selected_cartridge_id: null, connector_pin_id: null } })).statusCode).toBe(404);
    });

    it('maps many groups in one call, or none when one entry is refused (keyed by its place in the list)', async () => {
      const request = await insertRequest(t, t.companyIds.alpha);
      const cartridge = await select(t, request, 'cartridge', cat.cartridgeTypes.mx);
      const a = await addGroup(t, request, { name: 'A', resource_type_id: cat.resourceTypes.voltage });
      const b = await addGroup(t, request, { name: 'B', resource_type_id: cat.resourceTypes.voltage });
      const other = await addGroup(t, await insertRequest(t, t.companyIds.alpha), { name: 'Elsewhere', resource_type_id: cat.resourceTypes.voltage });
      const mapped = async () =>
        (await t.call('GET', `/v1/requests/${request}/testpadgroups`, { as: 'root' })).json().data.map((g: { name: string; mapping: { connector_pin: { id: number } } | null }) => [
          g.name,
          g.mapping?.connector_pin.id ?? null,
        ]);

      // The same pin twice, a pin its pin map lacks, a group of another request: 422, nothing saved.
      const refused = await t.call('PATCH', `/v1/requests/${request}/map_pad_groups`, {
        as: 'root',
        body: {
          mappings: [
            { group_id: a, selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain1 },
            { group_id: b, selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain1 },
            { group_id: other, selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain2 },
          ],
        },
      });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors).sort()).toEqual(['mappings.1.connector_pin_id', 'mappings.2.group_id']);
      expect(await mapped()).toEqual([
        ['A', null],
        ['B', null],
      ]);

      const res = await t.call('PATCH', `/v1/requests/${request}/map_pad_groups`, {
        as: 'root',
        body: {
          mappings: [
            { group_id: a, selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain1 },
            { group_id: b, selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain2 },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(2);
      expect(await mapped()).toEqual([
        ['A', cat.pins.ain1],
        ['B', cat.pins.ain2],
      ]);
      // A pin a group of the request has already: 409, as the single call answers.
      const c = await addGroup(t, request, { name: 'C', resource_type_id: cat.resourceTypes.voltage });
      const taken = await t.call('PATCH', `/v1/requests/${request}/map_pad_groups`, {
        as: 'root',
        body: { mappings: [{ group_id: c, selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain1 }] },
      });
      expect(taken.statusCode).toBe(409);
    });

    it('refuses a pin the pin map does not list, saying why, and another request’s cartridge or module (422)', async () => {
      const request = await insertRequest(t, t.companyIds.alpha);
      const cartridge = await select(t, request, 'cartridge', cat.cartridgeTypes.mx);
      const group = await addGroup(t, request, { name: 'SENSE', resource_type_id: cat.resourceTypes.voltage });
      const map = (body: object) => t.call('PATCH', `/v1/requests/map_pad_group/${group}`, { as: 'root', body });

      const digital = await map({ selected_cartridge_id: cartridge, connector_pin_id: cat.pins.adc3 });
      expect(digital.statusCode).toBe(422);
      expect(digital.json().errors).toEqual({
        connector_pin_id: ['Pin 12 (ADC3) of MX-64 RG has pin type Digital RG; Voltage sense RG needs Analog RG or a pin in its pin map.'],
      });
      const unlisted = await map({ selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain3 });
      expect(unlisted.json().errors).toEqual({ connector_pin_id: ['Pin 3 (AIN3) of MX-64 RG is not in the pin map of Voltage sense RG: add it there first.'] });
      const otherType = await map({ selected_cartridge_id: cartridge, connector_pin_id: cat.otherPin });
      expect(otherType.json().errors).toEqual({ connector_pin_id: [`Connector pin ${cat.otherPin} is no pin of the selected cartridge’s type.`] });

      const elsewhere = await insertRequest(t, t.companyIds.alpha);
      const foreignCartridge = await select(t, elsewhere, 'cartridge', cat.cartridgeTypes.mx);
      const foreignModule = await select(t, elsewhere, 'module', cat.moduleType);
      const foreign = await map({ selected_cartridge_id: foreignCartridge, connector_pin_id: cat.pins.ain1, selected_module_id: foreignModule });
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().errors).toEqual({
        selected_cartridge_id: ['There is no such selected cartridge on this request.'],
        selected_module_id: ['There is no such selected module on this request.'],
      });
      const malformed = await map({ selected_cartridge_id: 'one', connector_pin_id: -1 });
      expect(malformed.statusCode).toBe(422);
      expect(Object.keys(malformed.json().errors).sort()).toEqual(['connector_pin_id', 'selected_cartridge_id']);
      expect((await t.call('GET', `/v1/testpadgroups/${group}`, { as: 'root' })).json().data.mapping).toBeNull();
    });

    it('refuses a pin another group uses with a 409 naming it; the same pin of another cartridge is free', async () => {
      const request = await insertRequest(t, t.companyIds.alpha);
      const bay1 = await select(t, request, 'cartridge', cat.cartridgeTypes.mx, 1);
      const bay2 = await select(t, request, 'cartridge', cat.cartridgeTypes.mx, 2);
      const first = await addGroup(t, request, { name: 'VBUS', resource_type_id: cat.resourceTypes.voltage });
      const second = await addGroup(t, request, { name: 'V3V3', resource_type_id: cat.resourceTypes.voltage });
      const map = (group: number, cartridge: number) =>
        t.call('PATCH', `/v1/requests/map_pad_group/${group}`, { as: 'root', body: { selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain1 } });
      expect((await map(first, bay1)).statusCode).toBe(200);
      const taken = await map(second, bay1);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('This pin already carries pad group “VBUS”: unmap that group first, or choose another pin.');
      expect((await map(second, bay2)).statusCode).toBe(200);
      // Mapping a group to the pin it has is no conflict with itself.
      expect((await map(first, bay1)).statusCode).toBe(200);
    });

    it('a new resource type its pin does not serve clears the mapping, and says so', async () => {
      const request = await insertRequest(t, t.companyIds.alpha);
      const cartridge = await select(t, request, 'cartridge', cat.cartridgeTypes.mx);
      const group = await addGroup(t, request, { name: 'IO1', resource_type_id: cat.resourceTypes.voltage });
      await t.call('PATCH', `/v1/requests/map_pad_group/${group}`, { as: 'root', body: { selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain1 } });
      const same = await t.call('PATCH', `/v1/testpadgroups/${group}`, { as: 'root', body: { resource_type_id: cat.resourceTypes.voltage, name: 'IO one' } });
      expect(same.json().data).toMatchObject({ cleared_mapping: false, mapping: { connector_pin: { id: cat.pins.ain1 } } });
      const retyped = await t.call('PATCH', `/v1/testpadgroups/${group}`, { as: 'root', body: { resource_type_id: cat.resourceTypes.dio } });
      expect(retyped.statusCode).toBe(200);
      expect(retyped.json().data).toMatchObject({ cleared_mapping: true, mapping: null, resource_type: { id: cat.resourceTypes.dio } });
    });
  });

  describe('two superadmins at once', () => {
    it('moving the same pads into two groups: no pad is lost, none is in two groups', async () => {
      const request = await insertRequest(t, t.companyIds.alpha);
      const pads = await insertPads(t, request, padRow(12));
      const a = await addGroup(t, request, { name: 'A', resource_type_id: cat.resourceTypes.voltage });
      const b = await addGroup(t, request, { name: 'B', resource_type_id: cat.resourceTypes.voltage });
      for (let round = 0; round < 15; round++) {
        const [ra, rb] = await Promise.all([
          t.call('PATCH', `/v1/testpadgroups/${a}`, { as: 'root', body: { pad_ids: pads } }),
          t.call('PATCH', `/v1/testpadgroups/${b}`, { as: 'root2', body: { add_pad_ids: pads.slice(round % 6) } }),
        ]);
        expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
        const rows = await padsOf(request);
        expect(rows).toHaveLength(pads.length);
        const [ga, gb] = await Promise.all([a, b].map(async (g) => (await t.call('GET', `/v1/testpadgroups/${g}`, { as: 'root' })).json().data.pad_ids as number[]));
        // Every pad is in exactly one group: the groups' lists split the pads without overlap.
        expect([...ga, ...gb].sort((x, y) => x - y)).toEqual(pads);
        // Whoever was served last decided: the answers are what the rows hold now, or were replaced by the other.
        expect(rows.every((r) => r.group_id === a || r.group_id === b)).toBe(true);
      }
    });

    it('mapping the same pin to two groups: one wins, the other gets 409', async () => {
      const request = await insertRequest(t, t.companyIds.alpha);
      const cartridge = await select(t, request, 'cartridge', cat.cartridgeTypes.mx);
      const groups = [
        await addGroup(t, request, { name: 'P', resource_type_id: cat.resourceTypes.voltage }),
        await addGroup(t, request, { name: 'Q', resource_type_id: cat.resourceTypes.voltage }),
      ];
      for (let round = 0; round < 15; round++) {
        const pin = round % 2 ? cat.pins.ain1 : cat.pins.ain2;
        const answers = await Promise.all(
          groups.map((g, i) =>
            t.call('PATCH', `/v1/requests/map_pad_group/${g}`, { as: i ? 'root2' : 'root', body: { selected_cartridge_id: cartridge, connector_pin_id: pin } }),
          ),
        );
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        const winner = groups[answers.findIndex((r) => r.statusCode === 200)];
        const mapped = await t.db.selectFrom('test_pad_groups').select('id').where('connector_pin_id', '=', pin).where('request_id', '=', request).execute();
        expect(mapped.map((r) => r.id)).toEqual([winner]);
        // Free both for the next round.
        for (const g of groups) {
          await t.call('PATCH', `/v1/requests/map_pad_group/${g}`, { as: 'root', body: { selected_cartridge_id: null, connector_pin_id: null } });
        }
      }
    });
  });
});
