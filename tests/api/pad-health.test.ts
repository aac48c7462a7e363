import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PadHealth } from '../../contract/pad-health';
import { addDays, todayUtc } from '../../server/services/production/days';
import { createCartridge, insertCartridgeType } from './helpers/cartridges';
import { addCassette } from './helpers/cassettes';
import { createJig, postReport, reportBody, wroteBehindTheServer, type Jig } from './helpers/production';
import { boardProject, type BoardProject } from './helpers/project-pads';
import type { RequestCatalogue } from './helpers/request-catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';
import { addStep, createProfile } from './helpers/test-profiles';

/**
 * Where on the board a project fails, from hand-built runs: a board project (pad groups "+3V3"
 * and "ADC3 line"), a profile whose steps Rail and Line measure them (version 2 rewires Rail
 * to the line), two jigs (the first with a cassette holding one cartridge).
 */
let t: TestApp;
let board: BoardProject & { cat: RequestCatalogue };
let beta: BoardProject;
let jigA: Jig;
let jigB: Jig;
let cartridge: number;
let batch: number;
const profileName = `Pads ${Date.now()}`;
const today = todayUtc();
const at = (days: number, hour: number) => `${addDays(today, -days)}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const from = addDays(today, -6);
const device = new Map<string, number>();

async function run(jig: Jig, serial: string, failing: string | null, finished: string, version = '1') {
  const steps = [
    { name: 'Flash', pass: failing !== 'Flash' },
    { name: 'Rail', value: failing === 'Rail' ? 2.1 : 3.3, unit: 'V', low: 3.2, high: 3.4, pass: failing !== 'Rail' },
    { name: 'Line', pass: failing !== 'Line' },
  ];
  const body = reportBody({ project_id: board.project, production_batch_id: batch, serial, result: failing ? 'fail' : 'pass', finished_at: finished, test_profile: profileName, test_profile_version: version, steps });
  const res = await postReport(t, jig, body);
  if (res.statusCode !== 201) throw new Error(`report: ${res.statusCode} ${res.body}`);
  device.set(serial, res.json().data.device_id);
}

beforeAll(async () => {
  t = await createTestApp();
  board = await boardProject(t, t.companyIds.alpha);
  beta = await boardProject(t, t.companyIds.beta, board.cat);
  const maker = await t.call('POST', `/v1/projects/${board.project}/manufacturers`, { as: 'root', body: { name: `Maker ${Date.now()}` } });
  batch = (await t.call('POST', `/v1/projects/${board.project}/productionbatches`, { as: 'root', body: { name: 'Lot 1', manufacturer_id: maker.json().data.id, planned_quantity: 100 } })).json().data.id;
  jigA = await createJig(t, t.companyIds.alpha, { name: 'Jig A' });
  jigB = await createJig(t, t.companyIds.alpha, { name: 'Jig B' });
  const cassette = await addCassette(t, t.companyIds.alpha, { enclosure_id: jigA.id, cartridge_bays: 1 });
  cartridge = await createCartridge(t, { cartridge_type_id: await insertCartridgeType(t), cassette_id: cassette, bay: 1 });

  const v1 = await createProfile(t, board.project, { name: profileName, version: '1' });
  await addStep(t, v1, { name: 'Flash' });
  await addStep(t, v1, { name: 'Rail', test_resource_ids: [board.resources.rail] });
  await addStep(t, v1, { name: 'Line', test_resource_ids: [board.resources.line] });
  const v2 = (await t.call('POST', `/v1/projects/${board.project}/testprofiles`, { as: 'root', body: { copy_of: v1, version: '2' } })).json().data.id;
  const rail2 = (await t.call('GET', `/v1/testprofiles/${v2}/testconfigurations`, { as: 'root' })).json().data.find((s: { name: string }) => s.name === 'Rail').id;
  await t.call('PATCH', `/v1/testconfigurations/${rail2}`, { as: 'root', body: { test_resource_ids: [board.resources.line] } });

  // At jig A (its cartridge): A fails Rail → passes (a false fail on +3V3); B fails Line twice; C passes.
  await run(jigA, 'A', 'Rail', at(3, 8));
  await run(jigA, 'A', null, at(3, 9));
  await run(jigA, 'B', 'Line', at(3, 10));
  await run(jigA, 'B', 'Line', at(3, 11));
  await run(jigA, 'C', null, at(3, 12));
  // At jig B: D fails Rail of version 2 (the line) → passes; E fails Flash (no pads); F fails Rail
  // of a version the project does not have: every profile's Rail, so both groups.
  await run(jigB, 'D', 'Rail', at(2, 8), '2');
  await run(jigB, 'D', null, at(2, 9), '2');
  await run(jigB, 'E', 'Flash', at(2, 10));
  await run(jigB, 'F', 'Rail', at(1, 8), '9');
  wroteBehindTheServer(t);
});
afterAll(() => t?.close());

async function health(query = '', project = board.project, as = 'alpha-viewer'): Promise<PadHealth> {
  const res = await t.call('GET', `/v1/projects/${project}/pad-health?from=${from}&to=${today}${query}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const figures = (h: PadHealth) => Object.fromEntries(h.pad_groups.map((g) => [g.id, [g.runs, g.fails, g.false_fails]]));

describe('pad health', () => {
  it('puts each failing step’s runs on the pad groups its version measures, with the false fails', async () => {
    const h = await health();
    expect(figures(h)).toEqual({ [board.groups.rail]: [9, 2, 1], [board.groups.line]: [9, 4, 1] });
    expect(h.totals).toEqual({ runs: 9, fails: 6, false_fails: 2, placed_fails: 5 });
    const rail = h.pad_groups.find((g) => g.id === board.groups.rail)!;
    expect(rail).toMatchObject({ fail_rate: 2 / 9, false_fail_rate: 1 / 9, steps: ['Rail'] });
    expect(h.pad_groups.find((g) => g.id === board.groups.line)!.steps).toEqual(['Line', 'Rail']);
    expect(h.steps.map((s) => [s.name, s.fails, s.false_fails, s.pad_group_ids])).toEqual([
      ['Rail', 3, 2, [board.groups.rail, board.groups.line].sort((a, b) => a - b)],
      ['Line', 2, 0, [board.groups.line]],
      ['Flash', 1, 0, []],
    ]);
    expect(h.jigs.map((j) => j.name)).toEqual(['Jig A', 'Jig B']);
    expect(h.cartridges.map((c) => c.id)).toEqual([cartridge]);
  });

  it('lists the newest boards that failed at a group, with their serial and fails there', async () => {
    const line = (await health()).pad_groups.find((g) => g.id === board.groups.line)!;
    expect(line.boards).toEqual([
      { device_id: device.get('F'), serial: 'F', last_failed_at: at(1, 8), fails: 1, false_fails: 0 },
      { device_id: device.get('D'), serial: 'D', last_failed_at: at(2, 8), fails: 1, false_fails: 1 },
      { device_id: device.get('B'), serial: 'B', last_failed_at: at(3, 11), fails: 2, false_fails: 0 },
    ]);
  });

  it('keeps one jig’s runs, and the runs on fixtures that held a cartridge', async () => {
    const atA = await health(`&enclosure_id=${jigA.id}`);
    expect(figures(atA)).toEqual({ [board.groups.rail]: [5, 1, 1], [board.groups.line]: [5, 2, 0] });
    expect(atA.totals).toMatchObject({ runs: 5, fails: 3, false_fails: 1 });
    const atB = await health(`&enclosure_id=${jigB.id}`);
    expect(figures(atB)).toEqual({ [board.groups.rail]: [4, 1, 0], [board.groups.line]: [4, 2, 1] });
    const held = await health(`&cartridge_id=${cartridge}`);
    expect(figures(held)).toEqual(figures(atA));
    expect(held.totals).toEqual(atA.totals);
    expect((await health(`&cartridge_id=${cartridge}&enclosure_id=${jigB.id}`)).totals).toEqual({ runs: 0, fails: 0, false_fails: 0, placed_fails: 0 });
  });

  it('answers 404 for another company’s project and 422 for a jig or cartridge not the company’s', async () => {
    expect((await t.call('GET', `/v1/projects/${beta.project}/pad-health`, { as: 'alpha-viewer' })).statusCode).toBe(404);
    const betaJig = await createJig(t, t.companyIds.beta);
    const jig = await t.call('GET', `/v1/projects/${board.project}/pad-health?enclosure_id=${betaJig.id}`, { as: 'alpha-viewer' });
    expect(jig.statusCode).toBe(422);
    expect(jig.json().errors).toEqual({ enclosure_id: ['There is no such jig in this company.'] });
    const loose = await createCartridge(t, { cartridge_type_id: await insertCartridgeType(t) });
    const cart = await t.call('GET', `/v1/projects/${board.project}/pad-health?cartridge_id=${loose}`, { as: 'alpha-viewer' });
    expect(cart.statusCode).toBe(422);
    expect(Object.keys(cart.json().errors)).toEqual(['cartridge_id']);
    const bad = await t.call('GET', `/v1/projects/${board.project}/pad-health?cartridge_id=x&from=${today}&to=${from}`, { as: 'alpha-viewer' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('cartridge_id');
    const range = await t.call('GET', `/v1/projects/${board.project}/pad-health?from=${today}&to=${from}`, { as: 'alpha-viewer' });
    expect(range.json().errors).toEqual({ from: ['from must not be after to.'] });
  });

  it('answers no groups and no runs for a project whose steps measure no pads and that has no runs', async () => {
    const quiet = await health('', beta.project, 'beta-viewer');
    expect(quiet.pad_groups).toEqual([]);
    expect(quiet.totals).toEqual({ runs: 0, fails: 0, false_fails: 0, placed_fails: 0 });
  });
});
