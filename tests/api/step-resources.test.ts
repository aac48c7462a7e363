import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectPads } from '../../contract/project-pads';
import { boardProject, type BoardProject } from './helpers/project-pads';
import type { RequestCatalogue } from './helpers/request-catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createTestFunction } from './helpers/test-functions';
import { addStep, createProfile } from './helpers/test-profiles';

/** Steps name the test resources (pad groups, pins, pads) they measure; the project's pads read. */
let t: TestApp;
let board: BoardProject & { cat: RequestCatalogue };
let other: BoardProject;

beforeAll(async () => {
  t = await createTestApp();
  board = await boardProject(t, t.companyIds.alpha);
  other = await boardProject(t, t.companyIds.beta, board.cat);
});
afterAll(() => t?.close());

const get = (url: string, as = 'alpha-engineer') => t.call('GET', `/v1${url}`, { as });
const post = (url: string, body?: unknown, as = 'alpha-engineer') => t.call('POST', `/v1${url}`, { as, body });
const patch = (url: string, body: unknown, as = 'alpha-engineer') => t.call('PATCH', `/v1${url}`, { as, body });
const idsOf = (step: { test_resources: { id: number }[] }) => step.test_resources.map((r) => r.id);

describe('a step’s test resources', () => {
  it('stores the resources a step measures, with their pad group and pin, and changes them as a whole', async () => {
    const profile = await createProfile(t, board.project, { name: `Links ${Date.now()}`, version: '1' });
    const created = await post(`/testprofiles/${profile}/testconfigurations`, { name: '3V3 rail', test_resource_ids: [board.resources.rail, board.resources.rail] });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.test_resources).toEqual([
      { id: board.resources.rail, name: '+3V3', pad_group: { id: board.groups.rail, name: '+3V3', pad_count: 2 }, bay: 1, connector_pin: { number: 1, name: 'AIN1' } },
    ]);
    const step = created.json().data.id;
    // Without the field a change leaves them; with it, they are the new set.
    expect(idsOf((await patch(`/testconfigurations/${step}`, { unit: 'V' })).json().data)).toEqual([board.resources.rail]);
    const changed = await patch(`/testconfigurations/${step}`, { test_resource_ids: [board.resources.line, board.resources.rail] });
    expect(changed.statusCode).toBe(200);
    // By bay and pin: AIN1 (pin 1) before ADC3 (pin 12).
    expect(idsOf(changed.json().data)).toEqual([board.resources.rail, board.resources.line]);
    const listed = await get(`/testprofiles/${profile}/testconfigurations`, 'alpha-viewer');
    expect(idsOf(listed.json().data[0])).toEqual([board.resources.rail, board.resources.line]);
    expect(idsOf((await patch(`/testconfigurations/${step}`, { test_resource_ids: [] })).json().data)).toEqual([]);
    // A step without any is as before.
    expect((await post(`/testprofiles/${profile}/testconfigurations`, { name: 'Flash' })).json().data.test_resources).toEqual([]);
  });

  it('refuses another project’s or an unknown resource with a 422 on test_resource_ids, and saves nothing', async () => {
    const profile = await createProfile(t, board.project, { name: `Refusals ${Date.now()}`, version: '1' });
    const foreign = await post(`/testprofiles/${profile}/testconfigurations`, { name: 'X', test_resource_ids: [board.resources.rail, other.resources.rail] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ test_resource_ids: [`There is no test resource with id ${other.resources.rail} in this project.`] });
    expect((await get(`/testprofiles/${profile}/testconfigurations`)).json().data).toEqual([]);
    const step = await addStep(t, profile, { name: 'Y', test_resource_ids: [board.resources.rail] });
    const unknown = await patch(`/testconfigurations/${step}`, { test_resource_ids: [999_999, 999_998] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ test_resource_ids: ['There are no test resources with ids 999999, 999998 in this project.'] });
    expect(idsOf((await get(`/testconfigurations/${step}`)).json().data)).toEqual([board.resources.rail]);
    const shape = await patch(`/testconfigurations/${step}`, { test_resource_ids: ['a'] });
    expect(shape.statusCode).toBe(422);
    expect(Object.keys(shape.json().errors)).toEqual(['test_resource_ids.0']);
    const many = await patch(`/testconfigurations/${step}`, { test_resource_ids: Array.from({ length: 201 }, (_, i) => i + 1) });
    expect(many.json().errors).toEqual({ test_resource_ids: ['A step measures at most 200 test resources.'] });
  });

  it('copies the links with a new version, and keeps them read-only on the active profile', async () => {
    const profile = await createProfile(t, board.project, { name: `Versions ${Date.now()}`, version: '1' });
    await addStep(t, profile, { name: 'Flash' });
    const rail = await addStep(t, profile, { name: 'Rail', test_resource_ids: [board.resources.rail] });
    await addStep(t, profile, { name: 'Line', test_resource_ids: [board.resources.line, board.resources.rail] });
    expect((await post(`/testprofiles/${profile}/active`)).statusCode).toBe(200);
    const refused = await patch(`/testconfigurations/${rail}`, { test_resource_ids: [board.resources.line] });
    expect(refused.statusCode).toBe(409);
    expect(idsOf((await get(`/testconfigurations/${rail}`)).json().data)).toEqual([board.resources.rail]);

    const copy = (await post(`/projects/${board.project}/testprofiles`, { copy_of: profile, version: '2' })).json().data.id;
    const steps = (await get(`/testprofiles/${copy}/testconfigurations`)).json().data;
    expect(steps.map((s: { name: string; test_resources: { id: number }[] }) => [s.name, idsOf(s)])).toEqual([
      ['Flash', []],
      ['Rail', [board.resources.rail]],
      ['Line', [board.resources.rail, board.resources.line]],
    ]);
    // The copy's links are its own: changing them leaves the original's.
    expect((await patch(`/testconfigurations/${steps[1].id}`, { test_resource_ids: [] })).statusCode).toBe(200);
    expect(idsOf((await get(`/testconfigurations/${rail}`)).json().data)).toEqual([board.resources.rail]);
  });

  it('drops a link with its resource when the cartridge changes type', async () => {
    const made = await boardProject(t, t.companyIds.alpha, board.cat);
    const profile = await createProfile(t, made.project, { name: 'Doomed links', version: '1' });
    const step = await addStep(t, profile, { name: 'Rail', test_resource_ids: [made.resources.rail] });
    const config = (await get(`/projects/${made.project}/cassetteconfiguration`)).json().data;
    const changed = await patch(`/cassetteconfigurations/${config.id}`, { cartridges: [{ bay: 1, cartridge_type_id: board.cat.cartridgeTypes.other }] });
    expect(changed.statusCode).toBe(200);
    expect(idsOf((await get(`/testconfigurations/${step}`)).json().data)).toEqual([]);
  });
});

describe('a draft filled in from the test resources', () => {
  it('starts with a step per test resource, measuring it, with a catalogue function where one fits', async () => {
    const fn = await createTestFunction(t, { name: `Rail voltage 3V3 ${Date.now()}`, parameters: [{ name: 'Voltage', unit: 'V', default_low: 3.2, default_high: 3.4 }] });
    const res = await post(`/projects/${board.project}/testprofiles`, { name: 'Filled', version: '1', steps_from_test_resources: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.step_count).toBe(2);
    const steps = (await get(`/testprofiles/${res.json().data.id}/testconfigurations`)).json().data;
    expect(steps).toMatchObject([
      { position: 1, name: '+3V3', test_function: { id: fn }, parameters: [{ name: 'Voltage', value: '' }], low: 3.2, high: 3.4, unit: 'V', test_resources: [{ id: board.resources.rail }] },
      { position: 2, name: 'ADC3 line', test_function: null, parameters: [], low: null, high: null, unit: '', test_resources: [{ id: board.resources.line }] },
    ]);
  });

  it('refuses the option on a project without test resources, and with copy_of', async () => {
    const bare = await t.call('POST', '/v1/projects', { as: 'root', body: { company_id: t.companyIds.alpha, name: `Bare ${Date.now()}` } });
    const none = await post(`/projects/${bare.json().data.id}/testprofiles`, { name: 'Filled', version: '1', steps_from_test_resources: true });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['steps_from_test_resources']);
    expect((await get(`/projects/${bare.json().data.id}/testprofiles`)).json().meta.total).toBe(0);
    const both = await post(`/projects/${board.project}/testprofiles`, { copy_of: 1, version: '9', steps_from_test_resources: true });
    expect(both.statusCode).toBe(422);
    expect(Object.keys(both.json().errors)).toEqual(['steps_from_test_resources']);
  });
});

describe('the project’s pads', () => {
  it('answers each pad with its group, the pin wired to it and the steps measuring it', async () => {
    const made = await boardProject(t, t.companyIds.alpha, board.cat);
    const old = await createProfile(t, made.project, { name: 'EOL', version: '1' });
    await addStep(t, old, { name: 'Rail check', test_resource_ids: [made.resources.rail] });
    expect((await post(`/testprofiles/${old}/active`)).statusCode).toBe(200);
    const current = await createProfile(t, made.project, { name: 'EOL', version: '2', copy_of: old });
    await addStep(t, current, { name: 'Line toggle', test_resource_ids: [made.resources.line] });
    await addStep(t, current, { name: 'Unlinked' });
    expect((await post(`/testprofiles/${current}/active`)).statusCode).toBe(200);
    const draft = await createProfile(t, made.project, { name: 'EOL', version: '3', copy_of: current });

    const res = await get(`/projects/${made.project}/pads`, 'alpha-viewer');
    expect(res.statusCode).toBe(200);
    const data: ProjectPads = res.json().data;
    expect(data.pads.map((p) => p.name)).toEqual(['H1', 'H2', 'TP1', 'TP2', 'TP3', 'TP4']);
    expect(data.pads.find((p) => p.name === 'TP2')).toEqual({
      id: made.pads.tp2, name: 'TP2', net: '+3V3', x: 20, y: 10, side: 'bottom', diameter: 1, kind: 'pad', probe: 'P100', group_id: made.groups.rail,
    });
    expect(data.pads.find((p) => p.name === 'H1')).toMatchObject({ kind: 'tooling', probe: null, group_id: null });
    expect(data.pad_groups).toEqual([
      { id: made.groups.rail, name: '+3V3', resource_type: { id: board.cat.resourceTypes.voltage, name: expect.any(String) }, test_resource_ids: [made.resources.rail] },
      { id: made.groups.line, name: 'ADC3 line', resource_type: { id: board.cat.resourceTypes.dio, name: expect.any(String) }, test_resource_ids: [made.resources.line] },
    ]);
    expect(data.test_resources).toEqual([
      { id: made.resources.rail, name: '+3V3', test_pad_group_id: made.groups.rail, bay: 1, cartridge_type: { id: board.cat.cartridgeTypes.mx, name: expect.any(String) }, connector_pin: { id: board.cat.pins.ain1, number: 1, name: 'AIN1' } },
      { id: made.resources.line, name: 'ADC3 line', test_pad_group_id: made.groups.line, bay: 1, cartridge_type: { id: board.cat.cartridgeTypes.mx, name: expect.any(String) }, connector_pin: { id: board.cat.pins.adc3, number: 12, name: 'ADC3' } },
    ]);
    expect(data.active_profile).toMatchObject({ id: current, name: 'EOL', version: '2' });
    expect(data.active_profile!.steps.map((s) => [s.name, s.position, s.test_resource_ids])).toEqual([
      ['Rail check', 1, [made.resources.rail]],
      ['Line toggle', 2, [made.resources.line]],
    ]);
    expect(data.other_steps).toEqual([
      { name: 'Line toggle', test_resource_ids: [made.resources.line], profiles: [{ id: draft, name: 'EOL', version: '3', status: 'draft' }] },
      {
        name: 'Rail check',
        test_resource_ids: [made.resources.rail],
        profiles: [
          { id: old, name: 'EOL', version: '1', status: 'archived' },
          { id: draft, name: 'EOL', version: '3', status: 'draft' },
        ],
      },
    ]);
  });

  it('answers no pads for a project not made from a request, and 404 across companies', async () => {
    const bare = (await t.call('POST', '/v1/projects', { as: 'root', body: { company_id: t.companyIds.alpha, name: `No board ${Date.now()}` } })).json().data.id;
    const res = await get(`/projects/${bare}/pads`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ request_id: null, pads: [], pad_groups: [], test_resources: [], active_profile: null, other_steps: [] });
    expect((await get(`/projects/${board.project}/pads`, 'beta-admin')).statusCode).toBe(404);
    expect((await get(`/projects/${other.project}/pads`, 'alpha-admin')).statusCode).toBe(404);
    expect((await get('/projects/999999/pads')).statusCode).toBe(404);
  });
});
