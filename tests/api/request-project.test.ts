import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cassetteSize } from '../../contract/cassettes';
import { addGroup, requestCatalogue, select, type RequestCatalogue } from './helpers/request-catalogue';
import { insertPads, insertRequest } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The last step of processing a request: creating its project. */
describe('PATCH /requests/{id}/project', () => {
  let t: TestApp;
  let cat: RequestCatalogue;

  beforeAll(async () => {
    t = await createTestApp();
    cat = await requestCatalogue(t, 'RP');
  });
  afterAll(() => t?.close());

  /** A request with every step before createProject done: pads grouped, groups mapped, hardware chosen, all confirmed. */
  async function readyRequest(projectname = 'Sensor board') {
    const request = await insertRequest(t, t.companyIds.alpha, { projectname, confirmed_step: 'mapPadGroups' });
    const [tp1, tp2] = await insertPads(t, request, [
      { name: 'TP1', x: 10, y: 10 },
      { name: 'TP2', x: 20, y: 10 },
      { name: 'H1', x: 1, y: 1, kind: 'tooling' },
    ]);
    const module = await select(t, request, 'module', cat.moduleType, 1);
    const cartridge = await select(t, request, 'cartridge', cat.cartridgeTypes.mx, 1);
    const group = await addGroup(t, request, { resource_type_id: cat.resourceTypes.voltage, pad_ids: [tp1, tp2] });
    const map = await t.call('PATCH', `/v1/requests/map_pad_group/${group}`, {
      as: 'root',
      body: { selected_cartridge_id: cartridge, connector_pin_id: cat.pins.ain1, selected_module_id: module },
    });
    if (map.statusCode !== 200) throw new Error(map.body);
    return { request, module, cartridge, group, pads: [tp1, tp2] };
  }

  const create = (request: number, body: object = {}, as = 'root') => t.call('PATCH', `/v1/requests/${request}/project`, { as, body });

  it('creates the project for the request’s company, hands it the hardware and completes the request', async () => {
    const { request, module, cartridge, group } = await readyRequest();
    const res = await create(request, { description: 'From the request' });
    expect(res.statusCode).toBe(200);
    const answer = res.json().data;
    expect(answer).toEqual({ id: request, status: 'completed', project_id: expect.any(Number), project: { id: answer.project_id, name: 'Sensor board' } });

    const project = await t.call('GET', `/v1/projects/${answer.project_id}`, { as: 'alpha-viewer' });
    expect(project.statusCode).toBe(200);
    expect(project.json().data).toMatchObject({ company_id: t.companyIds.alpha, name: 'Sensor board', description: 'From the request', request_id: request });
    expect((await t.call('GET', `/v1/selectedmodules/${module}`, { as: 'root' })).json().data).toMatchObject({ request_id: request, project_id: answer.project_id });
    expect((await t.call('GET', `/v1/selectedcartridges/${cartridge}`, { as: 'root' })).json().data).toMatchObject({ project_id: answer.project_id });
    const row = await t.db.selectFrom('project_requests').select(['status', 'project_id']).where('id', '=', request).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'completed', project_id: answer.project_id });

    // Once: the project exists, and the request changes no more.
    const again = await create(request);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The request has its project already.');
    expect((await t.call('PATCH', `/v1/testpadgroups/${group}`, { as: 'root', body: { name: 'Late' } })).statusCode).toBe(409);
  });

  it('gives the project the cassette size the request steps counted against (cassetteSize of the same choices)', async () => {
    const small = await readyRequest('Size default');
    const large = await readyRequest('Size grown');
    await select(t, large.request, 'module', cat.moduleType, 6);
    await select(t, large.request, 'cartridge', cat.cartridgeTypes.other, 3);
    for (const [{ request }, chosen] of [
      [small, { slots: [1], bays: [1] }],
      [large, { slots: [1, 6], bays: [1, 3] }],
    ] as const) {
      const made = await create(request);
      expect(made.statusCode, made.body).toBe(200);
      const config = await t.call('GET', `/v1/projects/${made.json().data.project_id}/cassetteconfiguration`, { as: 'alpha-viewer' });
      expect(config.json().data).toMatchObject(cassetteSize(chosen));
    }
    expect(cassetteSize({ slots: [1], bays: [1] })).toEqual({ module_slots: 4, cartridge_bays: 2 });
    expect(cassetteSize({ slots: [1, 6], bays: [1, 3] })).toEqual({ module_slots: 6, cartridge_bays: 3 });
  });

  it('names the project as asked, and refuses a name the company uses with 422 on name (nothing changes)', async () => {
    const { request } = await readyRequest('Taken board');
    const existing = await t.call('POST', '/v1/projects', { as: 'root', body: { company_id: t.companyIds.alpha, name: 'Taken board' } });
    expect(existing.statusCode).toBe(201);
    const taken = await create(request);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['This company has a project with this name already.'] });
    expect((await t.db.selectFrom('project_requests').select('status').where('id', '=', request).executeTakeFirstOrThrow()).status).toBe('in_progress');
    const named = await create(request, { name: 'Taken board v2' });
    expect(named.statusCode).toBe(200);
    expect(named.json().data.project.name).toBe('Taken board v2');
    const tooLong = await create((await readyRequest('Long')).request, { name: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().errors)).toEqual(['name']);
  });

  it('refuses (422 on step, naming it and why) while a step before it is not done', async () => {
    const { request, group, pads } = await readyRequest('Unfinished');
    const refusal = async () => {
      const res = await create(request);
      expect(res.statusCode).toBe(422);
      return res.json().errors.step[0] as string;
    };
    await t.db.updateTable('project_requests').set({ confirmed_step: 'cartridges' }).where('id', '=', request).execute();
    expect(await refusal()).toBe('Map pad groups is not done: Confirm it finished first.');
    await t.db.updateTable('project_requests').set({ confirmed_step: 'mapPadGroups' }).where('id', '=', request).execute();

    await t.call('PATCH', `/v1/requests/map_pad_group/${group}`, { as: 'root', body: { selected_cartridge_id: null, connector_pin_id: null } });
    expect(await refusal()).toBe('Map pad groups is not done: 1 pad group is not mapped to a connector pin.');
    await t.call('PATCH', `/v1/testpadgroups/${group}`, { as: 'root', body: { remove_pad_ids: [pads[1]] } });
    expect(await refusal()).toBe('Pad groups is not done: 1 pad that needs a probe is in no group.');
    await t.db.updateTable('project_requests').set({ pogo_errors: 2 }).where('id', '=', request).execute();
    expect(await refusal()).toBe('Pogo board is not done: The pogo board has 2 design-for-test errors; fix the pads first.');
    await t.db.updateTable('project_requests').set({ confirmed_step: null }).where('id', '=', request).execute();
    expect(await refusal()).toBe('Review documents is not done: The request has no documents to review.');
    expect((await t.db.selectFrom('projects').select('id').where('request_id', '=', request).execute())).toEqual([]);
  });

  it('is the platform’s alone; an unknown request is a 404, a rejected one a 409', async () => {
    const { request } = await readyRequest('Guarded');
    expect((await create(request, {}, 'alpha-admin')).statusCode).toBe(403);
    expect((await t.call('PATCH', `/v1/requests/${request}/project`, { body: {} })).statusCode).toBe(401);
    expect((await create(999999)).statusCode).toBe(404);
    await t.db.updateTable('project_requests').set({ status: 'rejected' }).where('id', '=', request).execute();
    expect((await create(request)).statusCode).toBe(409);
  });

  it('two superadmins creating the project at once: one project, the other call 409', async () => {
    for (let round = 0; round < 5; round++) {
      const { request } = await readyRequest(`Race ${round}`);
      const answers = await Promise.all([create(request), create(request)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await t.db.selectFrom('projects').select('id').where('request_id', '=', request).execute()).toHaveLength(1);
    }
  });
});
