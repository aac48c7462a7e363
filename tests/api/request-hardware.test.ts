import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGroup, requestCatalogue, select, type RequestCatalogue } from './helpers/request-catalogue';
import { insertPads, insertRequest } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Selected modules and cartridges of a request, its capacity and its wiring list. */
describe('request hardware', () => {
  let t: TestApp;
  let cat: RequestCatalogue;

  beforeAll(async () => {
    t = await createTestApp();
    cat = await requestCatalogue(t, 'RH');
  });
  afterAll(() => t?.close());

  const mapGroup = (group: number, cartridge: number, pin: number, module: number | null = null) =>
    t.call('PATCH', `/v1/requests/map_pad_group/${group}`, {
      as: 'root',
      body: { selected_cartridge_id: cartridge, connector_pin_id: pin, selected_module_id: module },
    });
  const groupRow = (id: number) =>
    t.db.selectFrom('test_pad_groups').select(['selected_cartridge_id', 'connector_pin_id', 'selected_module_id']).where('id', '=', id).executeTakeFirstOrThrow();

  it('selects, lists, shows, changes and removes modules; a slot in use or an unknown module is a 422 on its field', async () => {
    const request = await insertRequest(t, t.companyIds.alpha);
    const res = await t.call('POST', `/v1/requests/${request}/selectedmodules`, { as: 'root', body: { cassette_module_type_id: cat.moduleType, slot: 2 } });
    expect(res.statusCode).toBe(201);
    const module = res.json().data;
    expect(module).toEqual({ id: expect.any(Number), request_id: request, project_id: null, slot: 2, module_type: { id: cat.moduleType, name: 'DMM RH', ams_type: 'dmm' } });
    const second = await select(t, request, 'module', cat.moduleType, 1);
    const list = await t.call('GET', `/v1/requests/${request}/selectedmodules`, { as: 'root' });
    expect(list.json().data.map((m: { id: number }) => m.id)).toEqual([second, module.id]);
    expect((await t.call('GET', `/v1/selectedmodules/${module.id}`, { as: 'root' })).json().data).toEqual(module);

    const taken = await t.call('POST', `/v1/requests/${request}/selectedmodules`, { as: 'root', body: { cassette_module_type_id: 999999, slot: 1 } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ cassette_module_type_id: ['There is no AMS module with id 999999.'], slot: ['Slot 1 holds another module already.'] });
    const outOfRange = await t.call('POST', `/v1/requests/${request}/selectedmodules`, { as: 'root', body: { slot: 0 } });
    expect(outOfRange.statusCode).toBe(422);
    expect(Object.keys(outOfRange.json().errors).sort()).toEqual(['cassette_module_type_id', 'slot']);
    const move = await t.call('PATCH', `/v1/selectedmodules/${module.id}`, { as: 'root', body: { slot: 1 } });
    expect(move.statusCode).toBe(422);
    expect(move.json().errors).toEqual({ slot: ['Slot 1 holds another module already.'] });
    const ok = await t.call('PATCH', `/v1/selectedmodules/${module.id}`, { as: 'root', body: { slot: 2 } });
    expect(ok.statusCode).toBe(200);
    expect((await t.call('PATCH', `/v1/selectedmodules/${module.id}`, { as: 'root', body: { slot: 5 } })).json().data.slot).toBe(5);

    expect((await t.call('DELETE', `/v1/selectedmodules/${module.id}`, { as: 'root' })).statusCode).toBe(204);
    expect((await t.call('GET', `/v1/selectedmodules/${module.id}`, { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('PATCH', `/v1/selectedmodules/${module.id}`, { as: 'root', body: { slot: 3 } })).statusCode).toBe(404);
    expect((await t.call('GET', '/v1/requests/999999/selectedmodules', { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/requests/${request}/selectedmodules`, { as: 'alpha-admin' })).statusCode).toBe(403);
  });

  it('selects, changes and removes cartridges; a bay in use or an unknown type is a 422 on its field', async () => {
    const request = await insertRequest(t, t.companyIds.alpha);
    const res = await t.call('POST', `/v1/requests/${request}/selectedcartridges`, { as: 'root', body: { cartridge_type_id: cat.cartridgeTypes.mx, bay: 1 } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      request_id: request,
      project_id: null,
      bay: 1,
      cartridge_type: { id: cat.cartridgeTypes.mx, name: 'MX-64 RH', pins: 4 },
    });
    const taken = await t.call('POST', `/v1/requests/${request}/selectedcartridges`, { as: 'root', body: { cartridge_type_id: 999999, bay: 1 } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ cartridge_type_id: ['There is no cartridge type with id 999999.'], bay: ['Bay 1 holds another cartridge already.'] });
    // The same bay on another request is free.
    const other = await insertRequest(t, t.companyIds.alpha);
    expect((await t.call('POST', `/v1/requests/${other}/selectedcartridges`, { as: 'root', body: { cartridge_type_id: cat.cartridgeTypes.mx, bay: 1 } })).statusCode).toBe(201);
    const list = await t.call('GET', `/v1/requests/${request}/selectedcartridges`, { as: 'root' });
    expect(list.json().data).toHaveLength(1);
    const id = res.json().data.id;
    expect((await t.call('DELETE', `/v1/selectedcartridges/${id}`, { as: 'root' })).statusCode).toBe(204);
    expect((await t.call('GET', `/v1/selectedcartridges/${id}`, { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/selectedcartridges/${id}`, { as: 'root' })).statusCode).toBe(404);
  });

  it('removing a cartridge unmaps its groups (pin too); removing a module only drops the module; a new cartridge type unmaps', async () => {
    const request = await insertRequest(t, t.companyIds.alpha);
    const cartridge = await select(t, request, 'cartridge', cat.cartridgeTypes.mx, 1);
    const module = await select(t, request, 'module', cat.moduleType, 1);
    const group = await addGroup(t, request, { resource_type_id: cat.resourceTypes.voltage });
    expect((await mapGroup(group, cartridge, cat.pins.ain1, module)).statusCode).toBe(200);

    expect((await t.call('DELETE', `/v1/selectedmodules/${module}`, { as: 'root' })).statusCode).toBe(204);
    expect(await groupRow(group)).toEqual({ selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain1, selected_module_id: null });
    expect((await t.call('DELETE', `/v1/selectedcartridges/${cartridge}`, { as: 'root' })).statusCode).toBe(204);
    expect(await groupRow(group)).toEqual({ selected_cartridge_id: null, connector_pin_id: null, selected_module_id: null });

    const next = await select(t, request, 'cartridge', cat.cartridgeTypes.mx, 2);
    await mapGroup(group, next, cat.pins.ain2);
    const sameType = await t.call('PATCH', `/v1/selectedcartridges/${next}`, { as: 'root', body: { bay: 3, cartridge_type_id: cat.cartridgeTypes.mx } });
    expect(sameType.json().data.bay).toBe(3);
    expect((await groupRow(group)).connector_pin_id).toBe(cat.pins.ain2);
    const retyped = await t.call('PATCH', `/v1/selectedcartridges/${next}`, { as: 'root', body: { cartridge_type_id: cat.cartridgeTypes.other } });
    expect(retyped.json().data.cartridge_type.id).toBe(cat.cartridgeTypes.other);
    expect(await groupRow(group)).toEqual({ selected_cartridge_id: null, connector_pin_id: null, selected_module_id: null });
  });

  it('a completed request’s selections change no more (409)', async () => {
    const request = await insertRequest(t, t.companyIds.alpha);
    const module = await select(t, request, 'module', cat.moduleType, 1);
    await t.db.updateTable('project_requests').set({ status: 'completed' }).where('id', '=', request).execute();
    expect((await t.call('POST', `/v1/requests/${request}/selectedmodules`, { as: 'root', body: { cassette_module_type_id: cat.moduleType, slot: 2 } })).statusCode).toBe(409);
    expect((await t.call('PATCH', `/v1/selectedmodules/${module}`, { as: 'root', body: { slot: 2 } })).statusCode).toBe(409);
    expect((await t.call('DELETE', `/v1/selectedmodules/${module}`, { as: 'root' })).statusCode).toBe(409);
  });

  it('capacity: per resource type the groups need, the pins of selected cartridges that serve it and who uses them', async () => {
    const request = await insertRequest(t, t.companyIds.alpha);
    const empty = await t.call('GET', `/v1/requests/${request}/capacity`, { as: 'root' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({ resource_types: [] });

    const cartridge = await select(t, request, 'cartridge', cat.cartridgeTypes.mx, 1);
    const vbat = await addGroup(t, request, { name: 'VBAT', resource_type_id: cat.resourceTypes.voltage });
    await addGroup(t, request, { name: 'VREF', resource_type_id: cat.resourceTypes.voltage });
    await addGroup(t, request, { name: 'IO', resource_type_id: cat.resourceTypes.dio });
    await mapGroup(vbat, cartridge, cat.pins.ain2);
    const res = await t.call('GET', `/v1/requests/${request}/capacity`, { as: 'root' });
    const analog = { id: cat.pinTypes.analog, name: 'Analog RH' };
    const sc = { id: cartridge, bay: 1, cartridge_type: { id: cat.cartridgeTypes.mx, name: 'MX-64 RH' } };
    expect(res.json().data).toEqual({
      resource_types: [
        {
          resource_type: { id: cat.resourceTypes.dio, name: 'Digital IO RH' },
          groups_needing: 1,
          pins: [
            { selected_cartridge: sc, connector_pin: { id: cat.pins.adc3, number: 12, name: 'ADC3', pin_type: { id: cat.pinTypes.digital, name: 'Digital RH' } }, used_by_group: null },
          ],
        },
        {
          resource_type: { id: cat.resourceTypes.voltage, name: 'Voltage sense RH' },
          groups_needing: 2,
          pins: [
            { selected_cartridge: sc, connector_pin: { id: cat.pins.ain1, number: 1, name: 'AIN1', pin_type: analog }, used_by_group: null },
            { selected_cartridge: sc, connector_pin: { id: cat.pins.ain2, number: 2, name: 'AIN2', pin_type: analog }, used_by_group: { id: vbat, name: 'VBAT' } },
          ],
        },
      ],
    });
    expect((await t.call('GET', '/v1/requests/999999/capacity', { as: 'root' })).statusCode).toBe(404);
  });

  it('wiring: one row per grouped pad with its probe and mapping, as JSON or a CSV download', async () => {
    const request = await insertRequest(t, t.companyIds.alpha);
    const [tp1, tp2, , tp4] = await insertPads(t, request, [
      { name: 'TP1', x: 10, y: 10, net: 'VBAT' },
      { name: 'TP2', x: 10.5, y: 10, net: '=cmd' },
      { name: 'TP3', x: 30, y: 30 },
      { name: 'TP4', x: 50, y: 50, side: 'bottom', net: null },
      { name: 'H1', x: 1, y: 1, kind: 'tooling' },
    ]);
    const cartridge = await select(t, request, 'cartridge', cat.cartridgeTypes.mx, 4);
    const module = await select(t, request, 'module', cat.moduleType, 2);
    const vbat = await addGroup(t, request, { name: 'VBAT', resource_type_id: cat.resourceTypes.voltage, pad_ids: [tp1, tp2] });
    await addGroup(t, request, { name: 'IO', resource_type_id: cat.resourceTypes.dio, pad_ids: [tp4] });
    await mapGroup(vbat, cartridge, cat.pins.ain1, module);

    const res = await t.call('GET', `/v1/requests/${request}/wiring`, { as: 'root' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        pad: 'TP4', net: null, side: 'bottom', x: 50, y: 50, probe: 'P100', group: 'IO', resource_type: 'Digital IO RH',
        cartridge_bay: null, cartridge_type: null, connector_pin: null, module_slot: null, module: null,
      },
      {
        pad: 'TP1', net: 'VBAT', side: 'top', x: 10, y: 10, probe: null, group: 'VBAT', resource_type: 'Voltage sense RH',
        cartridge_bay: 4, cartridge_type: 'MX-64 RH', connector_pin: '1 AIN1', module_slot: 2, module: 'DMM RH',
      },
      {
        pad: 'TP2', net: '=cmd', side: 'top', x: 10.5, y: 10, probe: null, group: 'VBAT', resource_type: 'Voltage sense RH',
        cartridge_bay: 4, cartridge_type: 'MX-64 RH', connector_pin: '1 AIN1', module_slot: 2, module: 'DMM RH',
      },
    ]);

    for (const ask of [{ query: '?format=csv' }, { query: '', headers: { accept: 'text/csv' } }]) {
      const csv = await t.call('GET', `/v1/requests/${request}/wiring${ask.query}`, { as: 'root', headers: ask.headers });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="request-${request}-wiring.csv"`);
      expect(csv.body.split('\r\n')).toEqual([
        'pad,net,side,x,y,probe,group,resource_type,cartridge_bay,cartridge_type,connector_pin,module_slot,module',
        'TP4,,bottom,50,50,P100,IO,Digital IO RH,,,,,',
        'TP1,VBAT,top,10,10,,VBAT,Voltage sense RH,4,MX-64 RH,1 AIN1,2,DMM RH',
        "TP2,'=cmd,top,10.5,10,,VBAT,Voltage sense RH,4,MX-64 RH,1 AIN1,2,DMM RH",
        '',
      ]);
    }
    expect((await t.call('GET', `/v1/requests/${request}/wiring?format=xml`, { as: 'root' })).statusCode).toBe(422);
    expect((await t.call('GET', '/v1/requests/999999/wiring?format=csv', { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/requests/${request}/wiring?format=csv`, { as: 'alpha-admin' })).statusCode).toBe(403);
  });
});
