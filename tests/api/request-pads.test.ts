import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PogoBoard, TestPad } from '../../contract/requests';
import { seedCompany } from '../../server/seed/companies';
import { addPads, createRequest, padGrid } from './helpers/requests';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app';

/** A request's test pads and pogo board, on the database TEST_DB names. */
describe('test pads and the pogo board', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A second operator, for two superadmins editing one request at once.
    await seedCompany(t.db, { name: 'Jigboard Operations', type: 'operator', users: [{ username: 'root-2', roles: ['superadmin'] }] }, PASSWORD);
  });
  afterAll(() => t?.close());

  const post = (id: number, body: unknown, as = 'root') => t.call('POST', `/v1/requests/${id}/testpads`, { as, body });
  const pads = async (id: number): Promise<TestPad[]> => {
    const res = await t.call('GET', `/v1/requests/${id}/testpads`, { as: 'root' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const board = async (id: number): Promise<PogoBoard> => (await t.call('GET', `/v1/requests/${id}/pogoboard`, { as: 'root' })).json().data;
  const pogoErrors = async (id: number): Promise<number> => (await t.call('GET', `/v1/requests/${id}`, { as: 'root' })).json().data.progress.pogo_errors;

  it('adds pads, lists them by name as people read them with their probes, and deletes one', async () => {
    const id = await createRequest(t, t.companyIds.alpha);
    const res = await post(id, {
      pads: [
        { name: 'TP10', net: 'GND', x: 10, y: 10, side: 'top', diameter: 1.2, kind: 'pad' },
        { name: ' TP2 ', net: '+3V3', x: 12, y: 10, side: 'top', diameter: 1, kind: 'pad' },
        { name: 'TP1', net: '', x: 20, y: 20, side: 'bottom', diameter: null, kind: 'via' },
        { name: 'H1', net: null, x: 2, y: 2, side: 'top', diameter: 3.2, kind: 'tooling' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created: TestPad[] = res.json().data;
    expect(created.map((p) => [p.name, p.probe])).toEqual([
      ['TP10', 'P75'],
      ['TP2', 'P75'],
      ['TP1', 'P100'],
      ['H1', null],
    ]);
    expect(created[2]).toEqual({ id: expect.any(Number), request_id: id, name: 'TP1', net: null, x: 20, y: 20, side: 'bottom', diameter: null, kind: 'via', probe: 'P100', group_id: null });

    const listed = await pads(id);
    expect(listed.map((p) => p.name)).toEqual(['H1', 'TP1', 'TP2', 'TP10']);
    // One tooling hole only: an error the request's list shows.
    expect(await pogoErrors(id)).toBe(1);

    await addPads(t, id, [{ name: 'H2', net: null, x: 80, y: 60, side: 'top', diameter: 3.2, kind: 'tooling' }]);
    expect(await pogoErrors(id)).toBe(0);

    const tp2 = listed.find((p) => p.name === 'TP2')!;
    const removed = await t.call('DELETE', `/v1/testpads/${tp2.id}`, { as: 'root' });
    expect(removed.statusCode).toBe(204);
    expect((await pads(id)).map((p) => [p.name, p.probe])).toEqual([
      ['H1', null],
      ['H2', null],
      ['TP1', 'P100'],
      ['TP10', 'P100'],
    ]);
    expect((await t.call('DELETE', `/v1/testpads/${tp2.id}`, { as: 'root' })).statusCode).toBe(404);
    const h2 = (await pads(id)).find((p) => p.name === 'H2')!;
    await t.call('DELETE', `/v1/testpads/${h2.id}`, { as: 'root' });
    expect(await pogoErrors(id)).toBe(1);
    expect((await t.call('GET', '/v1/requests/999999/testpads', { as: 'root' })).statusCode).toBe(404);
    expect((await post(999999, { pads: padGrid(1) })).statusCode).toBe(404);
  });

  it('refuses repeated names on pads.<n>.name and saves nothing; replace starts over', async () => {
    const id = await createRequest(t, t.companyIds.alpha);
    await addPads(t, id, padGrid(3));
    const res = await post(id, {
      pads: [
        { name: 'TP9', net: 'GND', x: 50, y: 50, side: 'top', diameter: 1, kind: 'pad' },
        { name: 'TP2', net: 'GND', x: 60, y: 50, side: 'top', diameter: 1, kind: 'pad' },
        { name: 'TP9', net: 'GND', x: 70, y: 50, side: 'top', diameter: 1, kind: 'pad' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'pads.1.name': ['The request has a test pad named TP2 already.'],
      'pads.2.name': ['TP9 is in the list already, as pad 1.'],
    });
    expect(await pads(id)).toHaveLength(5);

    const replaced = await post(id, { pads: padGrid(2, { prefix: 'NEW' }), replace: true });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect((await pads(id)).map((p) => p.name)).toEqual(['NEW1', 'NEW2', 'NEWH1', 'NEWH2']);
  });

  it('answers a list with bad values, names repeated in it and names the request has with every reason of every row at once', async () => {
    const id = await createRequest(t, t.companyIds.alpha);
    await addPads(t, id, padGrid(3));
    const pad = (name: unknown, more: Record<string, unknown> = {}) => ({ name, net: 'GND', x: 50, y: 50, side: 'top', diameter: 1, kind: 'pad', ...more });
    const res = await post(id, {
      pads: [
        pad('TP2'), // the request has it
        pad('A1', { x: 'far', side: 'left' }), // bad values
        pad('A1'), // repeated in the list (its first has bad values, but its name is fine)
        pad('TP3', { diameter: 0 }), // bad value, and the request has it
        pad('TP2'), // repeated, and the request has it
        pad('', { y: 3000 }), // no name and a bad value: no name to compare
        pad('OK1'),
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'pads.0.name': ['The request has a test pad named TP2 already.'],
      'pads.1.x': ["x is not a number: 'far'"],
      'pads.1.side': ["side 'left' is neither top nor bottom"],
      'pads.2.name': ['A1 is in the list already, as pad 2.'],
      'pads.3.diameter': ['diameter is 0 mm; it must be more than 0 mm'],
      'pads.3.name': ['The request has a test pad named TP3 already.'],
      'pads.4.name': ['TP2 is in the list already, as pad 1.', 'The request has a test pad named TP2 already.'],
      'pads.5.name': ['name missing'],
      'pads.5.y': ['y is 3000 mm, beyond ±2000 mm of the board origin'],
    });
    expect(await pads(id)).toHaveLength(5);
  });

  it('refuses bad pads on their fields, never with a 5xx', async () => {
    const id = await createRequest(t, t.companyIds.alpha);
    const bad = await post(id, {
      pads: [
        { name: '', net: 'GND', x: 1, y: 1, side: 'top', diameter: 1, kind: 'pad' },
        { name: 'TP2', net: 'GND', x: 2540, y: 'a', side: 'left', diameter: 0, kind: 'spring' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['pads.0.name', 'pads.1.diameter', 'pads.1.kind', 'pads.1.side', 'pads.1.x', 'pads.1.y']);
    for (const body of [{}, { pads: [] }, { pads: 'TP1' }, { pads: padGrid(1), replace: 'yes' }, { pads: [{ name: 'TP1\u0000', net: null, x: 1, y: 1, side: 'top', diameter: 1, kind: 'pad' }] }]) {
      const res = await post(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const tooMany = await post(id, { pads: padGrid(20_001, { tooling: false }) });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ pads: ['At most 20,000 test pads in one request.'] });
    expect(await pads(id)).toEqual([]);
  });

  it('draws the pogo board: probes per size, tooling holes, groups, findings, blocking', async () => {
    const id = await createRequest(t, t.companyIds.alpha);
    await addPads(t, id, [
      { name: 'TP1', net: 'GND', x: 10, y: 10, side: 'top', diameter: 1, kind: 'pad' },
      { name: 'TP2', net: 'SDA', x: 10.5, y: 10, side: 'top', diameter: 0.5, kind: 'pad' },
      { name: 'TP3', net: 'SCL', x: 30, y: 10, side: 'bottom', diameter: 1, kind: 'pad' },
      { name: 'H1', net: null, x: 1, y: 1, side: 'top', diameter: 3, kind: 'tooling' },
    ]);
    const stamp = new Date().toISOString();
    const resourceType = await t.db.insertInto('resource_types').values({ name: 'Bus', created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    const group = await t.db
      .insertInto('test_pad_groups')
      .values({ request_id: id, name: 'I2C', resource_type_id: resourceType.id, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('test_pads').set({ group_id: group.id }).where('request_id', '=', id).where('name', '=', 'TP3').execute();

    const drawn = await board(id);
    expect(drawn.counts).toEqual({ P100: 1, P75: 0, P50: 0, none: 2 });
    expect(drawn.tooling_holes).toBe(1);
    expect(drawn.groups).toEqual([{ id: group.id, name: 'I2C' }]);
    expect(drawn.pads.find((p) => p.name === 'TP3')).toMatchObject({ group_id: group.id, probe: 'P100' });
    expect(drawn.findings.map((f) => [f.severity, f.rule])).toEqual([
      ['error', 'tooling_holes'],
      ['error', 'no_probe_fits'],
      ['error', 'pad_too_small'],
    ]);
    expect(drawn.blocking).toBe(true);
    expect(await pogoErrors(id)).toBe(3);
  });

  it('refuses changes to a completed or rejected request with a 409', async () => {
    const id = await createRequest(t, t.companyIds.alpha);
    const [pad] = await addPads(t, id, padGrid(1));
    await t.db.updateTable('project_requests').set({ status: 'completed' }).where('id', '=', id).execute();
    expect((await post(id, { pads: padGrid(1, { prefix: 'X' }) })).statusCode).toBe(409);
    expect((await t.call('DELETE', `/v1/testpads/${pad}`, { as: 'root' })).statusCode).toBe(409);
    await t.db.updateTable('project_requests').set({ status: 'rejected' }).where('id', '=', id).execute();
    expect((await t.call('DELETE', `/v1/testpads/${pad}`, { as: 'root' })).statusCode).toBe(409);
    expect(await pads(id)).toHaveLength(3);
  });

  it('imports 20,000 pads in one request', async () => {
    const id = await createRequest(t, t.companyIds.alpha);
    const all = padGrid(19_998, { columns: 150 });
    const started = performance.now();
    const res = await post(id, { pads: all });
    const ms = Math.round(performance.now() - started);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(201);
    console.log(`20,000 pads imported in ${ms} ms on ${process.env.TEST_DB ?? 'sqlite'} (${(res.payload.length / 1e6).toFixed(1)} MB answer)`);
    expect(res.json().data).toHaveLength(20_000);
    const listed = await pads(id);
    expect(listed).toHaveLength(20_000);
    expect(listed.slice(0, 3).map((p) => p.name)).toEqual(['TP1', 'TP2', 'TP3']);
    expect(listed.at(-1)?.name).toBe('TPH2');
    expect(await pogoErrors(id)).toBe(0);
    const read = await t.call('GET', `/v1/requests?search=${encodeURIComponent('Test board')}`, { as: 'root' });
    expect(read.json().data.find((r: { id: number }) => r.id === id).progress).toMatchObject({ pads: 20_000, probed_pads: 19_998, ungrouped_pads: 19_998 });
  });

  it('loses no pad when two superadmins import into one request at once', async () => {
    const id = await createRequest(t, t.companyIds.alpha);
    const [first, second] = await Promise.all([
      post(id, { pads: padGrid(1500, { prefix: 'A', columns: 50 }) }, 'root'),
      post(id, { pads: padGrid(1500, { prefix: 'B', columns: 50, origin: 200 }) }, 'root-2'),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const names = new Set((await pads(id)).map((p) => p.name));
    expect(names.size).toBe(3004);
    for (const name of ['A1', 'A1500', 'AH2', 'B1', 'B1500', 'BH1']) expect(names.has(name), name).toBe(true);
    expect(await pogoErrors(id)).toBe(0);

    // The same names at once: one import wins whole, the other is refused whole.
    const again = await Promise.all([post(id, { pads: padGrid(500, { prefix: 'C' }) }, 'root'), post(id, { pads: padGrid(500, { prefix: 'C' }) }, 'root-2')]);
    expect(again.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await pads(id)).toHaveLength(3004 + 502);
  });

  it('is the superadmin’s: company people get 403', async () => {
    const id = await createRequest(t, t.companyIds.alpha);
    const [pad] = await addPads(t, id, padGrid(1));
    for (const as of ['alpha-admin', 'beta-engineer']) {
      expect((await t.call('GET', `/v1/requests/${id}/testpads`, { as })).statusCode).toBe(403);
      expect((await post(id, { pads: padGrid(1, { prefix: 'Z' }) }, as)).statusCode).toBe(403);
      expect((await t.call('DELETE', `/v1/testpads/${pad}`, { as })).statusCode).toBe(403);
      expect((await t.call('GET', `/v1/requests/${id}/pogoboard`, { as })).statusCode).toBe(403);
    }
    expect(await pads(id)).toHaveLength(3);
  });
});
