import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCassette } from './helpers/cassettes';
import { addGroup, requestCatalogue, select, type RequestCatalogue } from './helpers/request-catalogue';
import { insertPads, insertRequest } from './helpers/requests';
import { createResourceType } from './helpers/resources';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A project's hardware: configuration, selections, test resources, cassettes. */
describe('a project’s hardware', () => {
  let t: TestApp;
  let cat: RequestCatalogue;

  beforeAll(async () => {
    t = await createTestApp();
    cat = await requestCatalogue(t, 'HW');
  });
  afterAll(() => t?.close());

  async function projectOf(company: number, name: string): Promise<number> {
    const res = await t.call('POST', '/v1/projects', { as: 'root', body: { company_id: company, name } });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data.id;
  }

  /** A request made into a project: one module, one MX-64 cartridge, one group mapped to AIN1. */
  async function projectFromRequest(projectname: string) {
    const request = await insertRequest(t, t.companyIds.alpha, { projectname, confirmed_step: 'mapPadGroups' });
    const [tp1, tp2] = await insertPads(t, request, [
      { name: 'TP1', x: 10, y: 10 },
      { name: 'TP2', x: 20, y: 10 },
    ]);
    const module = await select(t, request, 'module', cat.moduleType, 3);
    const cartridge = await select(t, request, 'cartridge', cat.cartridgeTypes.mx, 1);
    const group = await addGroup(t, request, { name: 'VBAT sense', resource_type_id: cat.resourceTypes.voltage, pad_ids: [tp1, tp2] });
    const map = await t.call('PATCH', `/v1/requests/map_pad_group/${group}`, {
      as: 'root',
      body: { selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain1, selected_module_id: module },
    });
    if (map.statusCode !== 200) throw new Error(map.body);
    const made = await t.call('PATCH', `/v1/requests/${request}/project`, { as: 'root', body: {} });
    if (made.statusCode !== 200) throw new Error(made.body);
    return { project: made.json().data.project_id as number, module, cartridge, group };
  }

  it('shows a request-made project what the request chose: modules, cartridges, mapped groups as test resources', async () => {
    const { project, module, cartridge, group } = await projectFromRequest('Copied board');
    const config = await t.call('GET', `/v1/projects/${project}/cassetteconfiguration`, { as: 'alpha-viewer' });
    expect(config.statusCode).toBe(200);
    expect(config.json().data).toMatchObject({
      project_id: project,
      company_id: t.companyIds.alpha,
      module_slots: 4,
      cartridge_bays: 2,
      modules: [{ slot: 3, selected_module_id: module, module_type: { id: cat.moduleType } }],
      cartridges: [{ bay: 1, selected_cartridge_id: cartridge, cartridge_type: { id: cat.cartridgeTypes.mx, pins: 4 } }],
    });
    const modules = await t.call('GET', `/v1/projects/${project}/selectedmodules`, { as: 'alpha-operator' });
    expect(modules.json().data).toEqual([expect.objectContaining({ id: module, slot: 3, project_id: project })]);
    const cartridges = await t.call('GET', `/v1/projects/${project}/selectedcartridges`, { as: 'alpha-operator' });
    expect(cartridges.json().data).toEqual([expect.objectContaining({ id: cartridge, bay: 1 })]);
    const resources = await t.call('GET', `/v1/projects/${project}/testresources`, { as: 'alpha-operator' });
    expect(resources.statusCode).toBe(200);
    expect(resources.json()).toMatchObject({
      data: [
        {
          name: 'VBAT sense',
          test_pad_group_id: group,
          resource_type: { id: cat.resourceTypes.voltage },
          selected_cartridge: { id: cartridge, bay: 1 },
          connector_pin: { id: cat.pins.ain1, number: 1 },
          selected_module: { id: module, slot: 3 },
        },
      ],
      meta: { page: 1, total: 1 },
    });
  });

  it('hides another company’s project hardware (404) and refuses viewers’ edits (403)', async () => {
    const project = await projectOf(t.companyIds.alpha, 'Hidden hardware');
    const config = (await t.call('GET', `/v1/projects/${project}/cassetteconfiguration`, { as: 'alpha-admin' })).json().data;
    for (const url of ['cassetteconfiguration', 'selectedmodules', 'selectedcartridges', 'testresources', 'cassettes']) {
      expect((await t.call('GET', `/v1/projects/${project}/${url}`, { as: 'beta-admin' })).statusCode).toBe(404);
    }
    expect((await t.call('PATCH', `/v1/cassetteconfigurations/${config.id}`, { as: 'beta-admin', body: { notes: 'x' } })).statusCode).toBe(404);
    expect((await t.call('PATCH', `/v1/cassetteconfigurations/${config.id}`, { as: 'alpha-viewer', body: { notes: 'x' } })).statusCode).toBe(403);
    expect((await t.call('GET', `/v1/companies/${t.companyIds.alpha}/cassetteconfigurations`, { as: 'beta-admin' })).statusCode).toBe(404);
    // A request's selected cartridge (no project yet) is no project's: 404.
    const request = await insertRequest(t, t.companyIds.alpha);
    const loose = await select(t, request, 'cartridge', cat.cartridgeTypes.mx, 1);
    const post = await t.call('POST', `/v1/selected_cartridges/${loose}/testresources`, {
      as: 'root',
      body: { name: 'X', resource_type_id: cat.resourceTypes.voltage, connector_pin_id: cat.pins.ain1 },
    });
    expect(post.statusCode).toBe(404);
  });

  it('edits the configuration by slot and bay, and refuses bad entries with 422 field errors', async () => {
    const project = await projectOf(t.companyIds.alpha, 'Edited hardware');
    const config = (await t.call('GET', `/v1/projects/${project}/cassetteconfiguration`, { as: 'alpha-engineer' })).json().data;
    expect(config).toMatchObject({ module_slots: 4, cartridge_bays: 2, modules: [], cartridges: [] });
    const bad = await t.call('PATCH', `/v1/cassetteconfigurations/${config.id}`, {
      as: 'alpha-engineer',
      body: {
        modules: [
          { slot: 5, cassette_module_type_id: cat.moduleType },
          { slot: 1, cassette_module_type_id: 999999 },
        ],
        cartridges: [
          { bay: 1, cartridge_type_id: cat.cartridgeTypes.mx },
          { bay: 1, cartridge_type_id: cat.cartridgeTypes.other },
        ],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['cartridges.1.bay', 'modules.0.slot', 'modules.1.cassette_module_type_id']);
    const shape = await t.call('PATCH', `/v1/cassetteconfigurations/${config.id}`, { as: 'alpha-engineer', body: { name: '', module_slots: 99, modules: 'x' } });
    expect(shape.statusCode).toBe(422);
    expect(Object.keys(shape.json().errors).sort()).toEqual(['module_slots', 'modules', 'name']);

    const ok = await t.call('PATCH', `/v1/cassetteconfigurations/${config.id}`, {
      as: 'alpha-engineer',
      body: {
        name: 'Line A',
        notes: 'Two DMMs',
        module_slots: 6,
        modules: [
          { slot: 6, cassette_module_type_id: cat.moduleType },
          { slot: 1, cassette_module_type_id: cat.moduleType },
        ],
        cartridges: [{ bay: 2, cartridge_type_id: cat.cartridgeTypes.mx }],
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      name: 'Line A',
      notes: 'Two DMMs',
      module_slots: 6,
      modules: [{ slot: 1 }, { slot: 6 }],
      cartridges: [{ bay: 2, cartridge_type: { id: cat.cartridgeTypes.mx } }],
    });
    const shrink = await t.call('PATCH', `/v1/cassetteconfigurations/${config.id}`, { as: 'alpha-admin', body: { module_slots: 4 } });
    expect(shrink.statusCode).toBe(422);
    expect(Object.keys(shrink.json().errors)).toEqual(['module_slots']);
  });

  it('adds test resources on a selected cartridge’s pins, refusing pins of another type, another pin type, or in use', async () => {
    const project = await projectOf(t.companyIds.alpha, 'Resource hardware');
    const config = (await t.call('GET', `/v1/projects/${project}/cassetteconfiguration`, { as: 'alpha-engineer' })).json().data;
    const saved = await t.call('PATCH', `/v1/cassetteconfigurations/${config.id}`, {
      as: 'alpha-engineer',
      body: { cartridges: [{ bay: 1, cartridge_type_id: cat.cartridgeTypes.mx }], modules: [{ slot: 1, cassette_module_type_id: cat.moduleType }] },
    });
    const sc = saved.json().data.cartridges[0].selected_cartridge_id;
    const sm = saved.json().data.modules[0].selected_module_id;
    const post = (body: object, as = 'alpha-engineer') => t.call('POST', `/v1/selected_cartridges/${sc}/testresources`, { as, body });
    const good = await post({ name: 'Sense 1', resource_type_id: cat.resourceTypes.voltage, connector_pin_id: cat.pins.ain3, selected_module_id: sm });
    expect(good.statusCode).toBe(201);
    expect(good.json().data).toMatchObject({ name: 'Sense 1', connector_pin: { id: cat.pins.ain3 }, selected_module: { id: sm, slot: 1 }, test_pad_group_id: null });

    // The form's choices: the cartridge's pins, the one taken marked.
    const choices = (await t.call('GET', `/v1/projects/${project}/hardware/choices`, { as: 'alpha-viewer' })).json().data;
    const pins = choices.cartridge_pins.find((c: { selected_cartridge_id: number }) => c.selected_cartridge_id === sc).pins;
    expect(pins.map((p: { id: number; used: boolean }) => [p.id, p.used])).toEqual([
      [cat.pins.ain1, false],
      [cat.pins.ain2, false],
      [cat.pins.ain3, true],
      [cat.pins.adc3, false],
    ]);
    expect(choices.resource_types.find((r: { id: number }) => r.id === cat.resourceTypes.voltage).pin_type_ids).toEqual([cat.pinTypes.analog]);

    const used = await post({ name: 'Again', resource_type_id: cat.resourceTypes.voltage, connector_pin_id: cat.pins.ain3 });
    expect(used.statusCode).toBe(422);
    expect(used.json().errors).toEqual({ connector_pin_id: ['Another test resource uses this pin.'] });
    const wrongKind = await post({ name: 'Digital', resource_type_id: cat.resourceTypes.voltage, connector_pin_id: cat.pins.adc3 });
    expect(wrongKind.statusCode).toBe(422);
    expect(Object.keys(wrongKind.json().errors)).toEqual(['connector_pin_id']);
    const otherType = await post({ name: 'Other', resource_type_id: cat.resourceTypes.voltage, connector_pin_id: cat.otherPin });
    expect(otherType.statusCode).toBe(422);
    const unknown = await post({ name: '', resource_type_id: 999999, connector_pin_id: cat.pins.ain2, selected_module_id: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['name']);
    const unknown2 = await post({ name: 'U', resource_type_id: 999999, connector_pin_id: cat.pins.ain2, selected_module_id: 999999 });
    expect(Object.keys(unknown2.json().errors).sort()).toEqual(['resource_type_id', 'selected_module_id']);
    expect((await post({ name: 'V', resource_type_id: cat.resourceTypes.voltage, connector_pin_id: cat.pins.ain2 }, 'alpha-viewer')).statusCode).toBe(403);
    expect((await post({ name: 'V', resource_type_id: cat.resourceTypes.voltage, connector_pin_id: cat.pins.ain2 }, 'beta-admin')).statusCode).toBe(404);

    // Two at once for one pin: one wins, the other gets the 422, nothing answers 5xx.
    const race = await Promise.all(
      [1, 2, 3].map((n) => post({ name: `Race ${n}`, resource_type_id: cat.resourceTypes.voltage, connector_pin_id: cat.pins.ain1 })),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    const list = await t.call('GET', `/v1/projects/${project}/testresources?search=race`, { as: 'alpha-viewer' });
    expect(list.json().meta.total).toBe(1);

    // A resource type in use by a test resource (and in no pin map) is refused its delete: 409, not a 5xx.
    const unmapped = await createResourceType(t, [cat.pinTypes.analog], 'Unmapped sense HW');
    expect((await post({ name: 'Unmapped', resource_type_id: unmapped, connector_pin_id: cat.pins.ain2 })).statusCode).toBe(201);
    const refused = await t.call('DELETE', `/v1/resourcetypes/${unmapped}`, { as: 'root' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('1 test resource of a project');
    expect((await t.call('DELETE', `/v1/cartridgetypes/${cat.cartridgeTypes.mx}`, { as: 'root' })).statusCode).toBe(409);
    expect((await t.call('DELETE', `/v1/cassettemoduletypes/${cat.moduleType}`, { as: 'root' })).statusCode).toBe(409);

    // A cartridge that changes type loses the resources on its pins.
    await t.call('PATCH', `/v1/cassetteconfigurations/${config.id}`, { as: 'alpha-engineer', body: { cartridges: [{ bay: 1, cartridge_type_id: cat.cartridgeTypes.other }] } });
    expect((await t.call('GET', `/v1/projects/${project}/testresources`, { as: 'alpha-viewer' })).json().meta.total).toBe(0);
  });

  it('assigns the company’s cassettes and says whether each matches the configuration', async () => {
    const project = await projectOf(t.companyIds.alpha, 'Cassette hardware');
    const config = (await t.call('GET', `/v1/projects/${project}/cassetteconfiguration`, { as: 'alpha-engineer' })).json().data;
    await t.call('PATCH', `/v1/cassetteconfigurations/${config.id}`, { as: 'alpha-engineer', body: { modules: [{ slot: 2, cassette_module_type_id: cat.moduleType }] } });
    const matching = await addCassette(t, t.companyIds.alpha, { serial: `HW-MATCH-${Date.now()}` });
    await t.call('PUT', `/v1/cassettes/${matching}/modules`, { as: 'root', body: { modules: [{ slot: 2, cassette_module_type_id: cat.moduleType }] } });
    const empty = await addCassette(t, t.companyIds.alpha, { serial: `HW-EMPTY-${Date.now()}` });
    const betas = await addCassette(t, t.companyIds.beta);

    const assign = (cassette_id: unknown, as = 'alpha-engineer') => t.call('POST', `/v1/projects/${project}/cassettes`, { as, body: { cassette_id } });
    const first = await assign(matching);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ id: matching, matches: true, mismatched_slots: [], mismatched_bays: [] });
    expect((await assign(empty)).json().data).toMatchObject({ id: empty, matches: false, mismatched_slots: [2], mismatched_bays: [] });
    const twice = await assign(matching);
    expect(twice.statusCode).toBe(422);
    expect(Object.keys(twice.json().errors)).toEqual(['cassette_id']);
    const other = await assign(betas);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ cassette_id: [`There is no cassette with id ${betas}.`] });
    expect((await assign('x')).statusCode).toBe(422);
    expect((await assign(empty, 'alpha-operator')).statusCode).toBe(403);

    const list = await t.call('GET', `/v1/projects/${project}/cassettes`, { as: 'alpha-viewer' });
    expect(list.json().data.map((c: { id: number; matches: boolean }) => [c.id, c.matches])).toEqual(
      expect.arrayContaining([
        [matching, true],
        [empty, false],
      ]),
    );
    // The cassette names its projects; the company's configurations list the row.
    const cassette = await t.call('GET', `/v1/cassettes/${matching}`, { as: 'alpha-viewer' });
    expect(cassette.json().data.projects).toEqual([{ id: project, name: 'Cassette hardware' }]);
    const configs = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/cassetteconfigurations?search=Cassette%20hardware`, { as: 'alpha-viewer' });
    expect(configs.statusCode).toBe(200);
    expect(configs.json().data).toEqual([
      expect.objectContaining({
        project: { id: project, name: 'Cassette hardware' },
        modules: [{ slot: 2, name: expect.any(String) }],
        cassettes: expect.arrayContaining([expect.objectContaining({ id: matching, matches: true }), expect.objectContaining({ id: empty, matches: false })]),
      }),
    ]);
    expect((await t.call('GET', `/v1/companies/${t.companyIds.alpha}/cassetteconfigurations?sortby=nope`, { as: 'alpha-viewer' })).statusCode).toBe(422);
  });

  it('compares cartridges by bay too: right modules but another cartridge type in a configured bay differs, naming the bay', async () => {
    const project = await projectOf(t.companyIds.alpha, 'Cartridge match');
    const config = (await t.call('GET', `/v1/projects/${project}/cassetteconfiguration`, { as: 'alpha-engineer' })).json().data;
    const saved = await t.call('PATCH', `/v1/cassetteconfigurations/${config.id}`, {
      as: 'alpha-engineer',
      body: { modules: [{ slot: 1, cassette_module_type_id: cat.moduleType }], cartridges: [{ bay: 1, cartridge_type_id: cat.cartridgeTypes.mx }] },
    });
    expect(saved.statusCode).toBe(200);
    const cassette = await addCassette(t, t.companyIds.alpha, { serial: `HW-BAYS-${Date.now()}` });
    await t.call('PUT', `/v1/cassettes/${cassette}/modules`, { as: 'root', body: { modules: [{ slot: 1, cassette_module_type_id: cat.moduleType }] } });
    const cartridge = (bay: number, cartridge_type_id: number) =>
      t.call('POST', '/v1/cartridges', { as: 'root', body: { serial: `HW-CR-${bay}-${Date.now()}`, cartridge_type_id, cassette_id: cassette, bay } });
    const inBay1 = await cartridge(1, cat.cartridgeTypes.other);
    expect(inBay1.statusCode).toBe(201);
    expect((await cartridge(2, cat.cartridgeTypes.other)).statusCode).toBe(201);

    const assigned = await t.call('POST', `/v1/projects/${project}/cassettes`, { as: 'alpha-engineer', body: { cassette_id: cassette } });
    expect(assigned.json().data).toMatchObject({ id: cassette, matches: false, mismatched_slots: [], mismatched_bays: [1] });
    const configs = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/cassetteconfigurations?search=Cartridge%20match`, { as: 'alpha-viewer' });
    expect(configs.json().data[0].cassettes).toEqual([expect.objectContaining({ id: cassette, matches: false })]);

    // The configured type in bay 1 makes it match.
    const moved = await t.call('PATCH', `/v1/cartridges/${inBay1.json().data.id}`, { as: 'root', body: { cartridge_type_id: cat.cartridgeTypes.mx } });
    expect(moved.statusCode, moved.body).toBe(200);
    const list = await t.call('GET', `/v1/projects/${project}/cassettes`, { as: 'alpha-viewer' });
    expect(list.json().data).toEqual([expect.objectContaining({ id: cassette, matches: true, mismatched_slots: [], mismatched_bays: [] })]);
  });
});
