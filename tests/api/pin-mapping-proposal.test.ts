import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { next } from './helpers/access-world';
import { addModuleType } from './helpers/cassettes';
import { addGroup, select } from './helpers/request-catalogue';
import { insertPads, insertRequest } from './helpers/requests';
import { createPinType, createResourceType, insertCartridgeType } from './helpers/resources';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The map step's pin proposal as a script uses it: a dry run that changes nothing, and an apply
 * of the proposal or of an edited one. The catalogue is the demo's PB-40 in small: ground, four
 * rails, SWD pins, then general GPIO, where "the first free pin" put a 3V3 rail on VBUS and
 * digital nets on SWDIO and SWCLK.
 */
describe('pin mapping proposal', () => {
  let t: TestApp;
  let cat: Awaited<ReturnType<typeof catalogue>>;

  async function catalogue() {
    const s = next();
    const power = await createPinType(t, `Power ${s}`);
    const digital = await createPinType(t, `Digital ${s}`);
    const ground = await createPinType(t, `Ground ${s}`);
    const rail = await createResourceType(t, [power], `Power rail ${s}`);
    const dio = await createResourceType(t, [digital], `Digital I/O ${s}`);
    const gnd = await createResourceType(t, [ground], `Ground reference ${s}`);
    const names: [string, number][] = [
      ['GND', ground],
      ['VBUS', power],
      ['VCC_3V3', power],
      ['VCC_5V', power],
      ['SWDIO', digital],
      ['SWCLK', digital],
      ['SWO', digital],
      ['NRST', digital],
      ['GPIO0', digital],
      ['GPIO1', digital],
    ];
    const type = await insertCartridgeType(
      t,
      names.map(([name, pin_type_id], n) => ({ number: n + 1, name, pin_type_id })),
      `PB-40 ${s}`,
    );
    const pin = Object.fromEntries(names.map(([name], n) => [name, type.pins[n]]));
    for (const [resource, pinType] of [
      [rail, power],
      [dio, digital],
      [gnd, ground],
    ]) {
      for (const [n, [, typeOf]] of names.entries()) {
        if (typeOf !== pinType) continue;
        const res = await t.call('POST', `/v1/resourcetypes/${resource}/pinmap`, { as: 'root', body: { connector_pin_id: type.pins[n] } });
        if (res.statusCode !== 201) throw new Error(`pin map: ${res.statusCode} ${res.body}`);
      }
    }
    return {
      s,
      resourceTypes: { rail, dio, gnd },
      cartridgeType: type.id,
      pin,
      psu: await addModuleType(t, { name: `PSU ${s}`, ams_type: 'psu' }),
      gpio: await addModuleType(t, { name: `GPIO ${s}`, ams_type: 'gpio' }),
    };
  }

  /** A request with the cartridge in bay 1, a PSU in slot 1 and a GPIO module in slot 2, and groups of the nets given. */
  async function request(groups: { name: string; type: 'rail' | 'dio' | 'gnd'; net: string }[]) {
    const id = await insertRequest(t, t.companyIds.alpha);
    const cartridge = await select(t, id, 'cartridge', cat.cartridgeType, 1);
    const modules = { psu: await select(t, id, 'module', cat.psu, 1), gpio: await select(t, id, 'module', cat.gpio, 2) };
    const pads = await insertPads(
      t,
      id,
      groups.map((g, n) => ({ name: `TP${n + 1}`, x: 10 + 5 * n, y: 10, net: g.net })),
    );
    const ids: Record<string, number> = {};
    for (const [n, g] of groups.entries()) ids[g.name] = await addGroup(t, id, { name: g.name, resource_type_id: cat.resourceTypes[g.type], pad_ids: [pads[n]] });
    return { id, cartridge, modules, groups: ids };
  }

  const FAILED_BEFORE = [
    { name: '3V3 rail', type: 'rail', net: '+3V3' },
    { name: 'HALL_A', type: 'dio', net: 'HALL_A' },
    { name: 'LED_STATUS', type: 'dio', net: 'LED_STATUS' },
    { name: 'GND', type: 'gnd', net: 'GND' },
  ] as const;

  const mappingRows = (id: number) =>
    t.db.selectFrom('test_pad_groups').select(['name', 'connector_pin_id', 'selected_module_id']).where('request_id', '=', id).orderBy('name').execute();

  beforeAll(async () => {
    t = await createTestApp();
    cat = await catalogue();
  });
  afterAll(() => t?.close());

  it('the dry run proposes VCC_3V3 for the 3V3 rail and GPIO pins for digital nets, with their modules and reasons, and changes nothing', async () => {
    const req = await request([...FAILED_BEFORE]);
    const before = await mappingRows(req.id);
    const res = await t.call('GET', `/v1/requests/${req.id}/map_pad_groups/proposal`, { as: 'root' });
    expect(res.statusCode).toBe(200);
    const { picks } = res.json().data;
    expect(picks.map((p: { group: { name: string }; pin: { connector_pin: { name: string } } | null; selected_module: { id: number } | null }) => [
      p.group.name,
      p.pin?.connector_pin.name ?? null,
      p.selected_module?.id ?? null,
    ])).toEqual([
      ['3V3 rail', 'VCC_3V3', req.modules.psu],
      ['GND', 'GND', null],
      ['HALL_A', 'GPIO0', req.modules.gpio],
      ['LED_STATUS', 'GPIO1', req.modules.gpio],
    ]);
    expect(picks[0]).toMatchObject({
      group: { id: req.groups['3V3 rail'], name: '3V3 rail' },
      resource_type: { id: cat.resourceTypes.rail, name: `Power rail ${cat.s}` },
      pin: { selected_cartridge: { id: req.cartridge, bay: 1 }, connector_pin: { id: cat.pin.VCC_3V3, number: 3, name: 'VCC_3V3' } },
      reason: 'VCC_3V3 is the 3.3 V rail’s pin, the rail of net +3V3.',
      module_reason: `PSU ${cat.s} (slot 1) is the selected PSU module, which Power rail ${cat.s} needs.`,
    });
    expect(picks[2].reason).toContain('The debug pins (SWDIO, SWCLK, SWO, NRST) stay free for programming.');
    expect(await mappingRows(req.id)).toEqual(before);
  });

  it('applies the proposal: every group with a pin is wired, the rest come back unplaced with the reason', async () => {
    const req = await request([...FAILED_BEFORE, { name: '+12V', type: 'rail', net: '+12V' }]);
    const res = await t.call('POST', `/v1/requests/${req.id}/map_pad_groups/proposal`, { as: 'root', body: {} });
    expect(res.statusCode).toBe(200);
    const { mapped, unplaced } = res.json().data;
    expect(mapped.map((g: { name: string; mapping: { connector_pin: { name: string } } }) => [g.name, g.mapping.connector_pin.name])).toEqual([
      ['3V3 rail', 'VCC_3V3'],
      ['GND', 'GND'],
      ['HALL_A', 'GPIO0'],
      ['LED_STATUS', 'GPIO1'],
    ]);
    expect(unplaced).toEqual([expect.objectContaining({ group: { id: req.groups['+12V'], name: '+12V' }, pin: null })]);
    expect(unplaced[0].reason).toBe('No free pin carries 12 V: VBUS, VCC_3V3, VCC_5V are other rails. Add a cartridge with a 12 V pin, or choose by hand.');
    expect(await mappingRows(req.id)).toEqual([
      { name: '+12V', connector_pin_id: null, selected_module_id: null },
      { name: '3V3 rail', connector_pin_id: cat.pin.VCC_3V3, selected_module_id: req.modules.psu },
      { name: 'GND', connector_pin_id: cat.pin.GND, selected_module_id: null },
      { name: 'HALL_A', connector_pin_id: cat.pin.GPIO0, selected_module_id: req.modules.gpio },
      { name: 'LED_STATUS', connector_pin_id: cat.pin.GPIO1, selected_module_id: req.modules.gpio },
    ]);
    // Nothing left to place: the next dry run proposes only the group no pin fits, and a second apply wires nothing.
    const again = await t.call('GET', `/v1/requests/${req.id}/map_pad_groups/proposal`, { as: 'root' });
    expect(again.json().data.picks.map((p: { group: { name: string } }) => p.group.name)).toEqual(['+12V']);
    const twice = await t.call('POST', `/v1/requests/${req.id}/map_pad_groups/proposal`, { as: 'root', body: {} });
    expect(twice.json().data).toMatchObject({ mapped: [], unplaced: [{ group: { name: '+12V' } }] });
  });

  it('applies an edited proposal as sent, or refuses it whole with the entry’s field', async () => {
    const req = await request([...FAILED_BEFORE]);
    const edited = [
      { group_id: req.groups['HALL_A'], selected_cartridge_id: req.cartridge, connector_pin_id: cat.pin.GPIO1, selected_module_id: req.modules.gpio },
      { group_id: req.groups['LED_STATUS'], selected_cartridge_id: req.cartridge, connector_pin_id: cat.pin.GPIO0, selected_module_id: null },
    ];
    // A rail's pin for a digital net: 422 on that entry's pin, and nothing saved.
    const refused = await t.call('POST', `/v1/requests/${req.id}/map_pad_groups/proposal`, {
      as: 'root',
      body: { mappings: [edited[0], { ...edited[1], connector_pin_id: cat.pin.VBUS }] },
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['mappings.1.connector_pin_id']);
    expect((await mappingRows(req.id)).every((g) => g.connector_pin_id === null)).toBe(true);

    const res = await t.call('POST', `/v1/requests/${req.id}/map_pad_groups/proposal`, { as: 'root', body: { mappings: edited } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.unplaced).toEqual([]);
    expect(res.json().data.mapped.map((g: { name: string; mapping: { connector_pin: { name: string }; selected_module: unknown } }) => [g.name, g.mapping.connector_pin.name, g.mapping.selected_module === null])).toEqual([
      ['HALL_A', 'GPIO1', false],
      ['LED_STATUS', 'GPIO0', true],
    ]);
  });

  it('is the platform’s alone: 403 for the request’s own company, 401 without a login, 404 for no such request; a finished request is 409', async () => {
    const req = await request([...FAILED_BEFORE]);
    for (const user of ['alpha-admin', 'alpha-engineer', 'beta-admin']) {
      expect((await t.call('GET', `/v1/requests/${req.id}/map_pad_groups/proposal`, { as: user })).statusCode).toBe(403);
      expect((await t.call('POST', `/v1/requests/${req.id}/map_pad_groups/proposal`, { as: user, body: {} })).statusCode).toBe(403);
    }
    expect((await t.call('GET', `/v1/requests/${req.id}/map_pad_groups/proposal`)).statusCode).toBe(401);
    expect((await t.call('GET', '/v1/requests/999999/map_pad_groups/proposal', { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('POST', '/v1/requests/999999/map_pad_groups/proposal', { as: 'root', body: {} })).statusCode).toBe(404);
    const bad = await t.call('POST', `/v1/requests/${req.id}/map_pad_groups/proposal`, { as: 'root', body: { mappings: 'all' } });
    expect(bad.statusCode).toBe(422);
    await t.db.updateTable('project_requests').set({ status: 'completed' }).where('id', '=', req.id).execute();
    expect((await t.call('POST', `/v1/requests/${req.id}/map_pad_groups/proposal`, { as: 'root', body: {} })).statusCode).toBe(409);
    expect((await mappingRows(req.id)).every((g) => g.connector_pin_id === null)).toBe(true);
  });
});
