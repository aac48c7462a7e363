import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '../../contract/cartridges';
import { recountContactCycles } from '../../server/services/production/contact-cycles';
import type {} from '../../server/store/fixtures';
import { createCartridge, insertCartridgeType, recordCalibration } from './helpers/cartridges';
import { addCassette } from './helpers/cassettes';
import { batchCounters, createJig, createProduction, postReport, reportBody, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Fixtures (the jig, cassette, cartridges and firmware a report ran on) and contact cycles, on the database TEST_DB names. */
describe('fixtures and contact cycles', () => {
  let t: TestApp;
  let p: Production;
  let type: number;
  let cassette: number;
  let bay1: number;
  let bay2: number;

  beforeAll(async () => {
    t = await createTestApp();
    p = await createProduction(t, 'alpha');
    const now = new Date().toISOString();
    type = (await t.db.insertInto('cartridge_types').values({ name: 'PB-60 probes', rated_probe_life_cycles: 10, cleaning_interval_cycles: 4, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    cassette = await addCassette(t, t.companyIds.alpha, { enclosure_id: p.jig.id, cartridge_bays: 2 });
    bay1 = await createCartridge(t, { cartridge_type_id: type, cassette_id: cassette, bay: 1 });
    bay2 = await createCartridge(t, { cartridge_type_id: type, cassette_id: cassette, bay: 2 });
  });
  afterAll(async () => t?.close());

  const fixtureOf = async (reportId: number) => (await t.db.selectFrom('device_reports').where('id', '=', reportId).select('fixture_id').executeTakeFirstOrThrow()).fixture_id;
  const report = async (serial: string, result: 'pass' | 'fail' = 'pass') => {
    const res = await p.report({ serial, result });
    expect(res.statusCode).toBe(201);
    return res.json().data.report_id as number;
  };
  const cycles = async (id: number) => (await t.db.selectFrom('cartridges').where('id', '=', id).select('contact_cycles').executeTakeFirstOrThrow()).contact_cycles;

  it('shares one fixture row among reports until the fixture changes, and old reports keep theirs', async () => {
    const first = await report('FX-1');
    const second = await report('FX-2', 'fail');
    const shared = await fixtureOf(first);
    expect(shared).not.toBeNull();
    expect(await fixtureOf(second)).toBe(shared);

    const detail = await t.call('GET', `/v1/devicereports/${first}`, { as: 'alpha-viewer' });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.fixture).toMatchObject({
      id: shared,
      enclosure_id: p.jig.id,
      cassette: { id: cassette },
      firmware_version: null,
      cartridges: [
        { bay: 1, cartridge: { id: bay1 }, calibration_status: 'overdue', calibration_due_at: null },
        { bay: 2, cartridge: { id: bay2 }, calibration_status: 'overdue', calibration_due_at: null },
      ],
    });
    expect(detail.json().data.fixture_id).toBe(shared);

    // A calibration: a new fixture for the next report.
    const due = addDays(todayUtc(), 200);
    await recordCalibration(t, bay1, { calibrated_at: todayUtc(), due_at: due, result: 'pass' });
    const calibrated = await report('FX-3');
    const afterCalibration = await fixtureOf(calibrated);
    expect(afterCalibration).not.toBe(shared);
    const read = await t.call('GET', `/v1/devicereports/${calibrated}`, { as: 'alpha-viewer' });
    expect(read.json().data.fixture.cartridges[0]).toMatchObject({ cartridge: { id: bay1 }, calibration_status: 'ok', calibration_due_at: due });

    // The jig's firmware: another.
    await t.db.updateTable('enclosures').set({ firmware_version: '2.4.1' }).where('id', '=', p.jig.id).execute();
    const flashed = await report('FX-4');
    const afterFirmware = await fixtureOf(flashed);
    expect(new Set([shared, afterCalibration, afterFirmware]).size).toBe(3);

    // A cartridge out of its bay: another, with one cartridge.
    const out = await t.call('PATCH', `/v1/cartridges/${bay2}`, { as: 'root', body: { cassette_id: null, bay: null } });
    expect(out.statusCode).toBe(200);
    const single = await report('FX-5');
    const afterMove = await fixtureOf(single);
    expect(new Set([shared, afterCalibration, afterFirmware, afterMove]).size).toBe(4);
    expect((await t.call('GET', `/v1/devicereports/${single}`, { as: 'alpha-viewer' })).json().data.fixture).toMatchObject({ firmware_version: '2.4.1', cartridges: [{ bay: 1 }] });
    // Put back as it was: the state seen before, so its row again.
    await t.call('PATCH', `/v1/cartridges/${bay2}`, { as: 'root', body: { cassette_id: cassette, bay: 2 } });
    expect(await fixtureOf(await report('FX-6'))).toBe(afterFirmware);

    // Older reports keep the fixture they ran on.
    expect(await fixtureOf(first)).toBe(shared);
    expect(await fixtureOf(calibrated)).toBe(afterCalibration);

    // Each report was a contact cycle of every cartridge of its fixture, as a recount says.
    expect(await cycles(bay1)).toBe(6);
    expect(await cycles(bay2)).toBe(5);
    for (const id of [bay1, bay2]) expect(await cycles(id)).toBe(await recountContactCycles(t.db, id));
    const fixtureRows = await t.db.selectFrom('fixtures').where('enclosure_id', '=', p.jig.id).select('id').execute();
    expect(fixtureRows).toHaveLength(4);
  });

  it('keeps cycles equal to a recount after mixed groups at once, from several jigs, with retries', async () => {
    const other = await createJig(t, t.companyIds.alpha);
    const otherCassette = await addCassette(t, t.companyIds.alpha, { enclosure_id: other.id, cartridge_bays: 1 });
    const lone = await createCartridge(t, { cartridge_type_id: type, cassette_id: otherCassette, bay: 1 });
    const bare = await createJig(t, t.companyIds.alpha); // no cassette: a fixture with no cartridges
    const before = { bay1: await cycles(bay1), bay2: await cycles(bay2) };
    const bodies = Array.from({ length: 12 }, (_, i) => reportBody({ serial: `MIX-${i % 5}`, project_id: p.projectId, production_batch_id: p.batchId, result: i % 3 ? 'pass' : 'fail' }));
    const jigs = [p.jig, other, bare];
    const posts = bodies.flatMap((body, i) => {
      const jig = jigs[i % 3];
      // Every fourth is posted twice: the copy is a duplicate and adds nothing.
      return i % 4 === 0 ? [postReport(t, jig, body), postReport(t, jig, body)] : [postReport(t, jig, body)];
    });
    posts.push(postReport(t, p.jig, { ...bodies[1], uuid: randomUUID(), serial: '' })); // refused: adds nothing
    const answers = await Promise.all(posts);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(12);
    expect(await cycles(bay1)).toBe(before.bay1 + 4);
    expect(await cycles(bay2)).toBe(before.bay2 + 4);
    expect(await cycles(lone)).toBe(4);
    for (const id of [bay1, bay2, lone]) expect(await cycles(id)).toBe(await recountContactCycles(t.db, id));
    const { stored, recounted } = await batchCounters(t, p.batchId);
    expect(stored).toEqual(recounted);
  });

  it('shows cycles with their status, and maintenance resets what it resets', async () => {
    const cartridge = await createCartridge(t, { cartridge_type_id: type });
    // As if it had made 9 contact cycles: 90% of its rated 10, and past its cleaning interval of 4.
    await t.db.updateTable('cartridges').set({ contact_cycles: 9 }).where('id', '=', cartridge).execute();
    const shown = await t.call('GET', `/v1/cartridges/${cartridge}`, { as: 'root' });
    expect(shown.json().data.cycles).toEqual({
      contact_cycles: 9,
      rated_probe_life_cycles: 10,
      cleaning_interval_cycles: 4,
      life_used_cycles: 9,
      life_used_share: 0.9,
      since_cleaning_cycles: 9,
      life_status: 'due_soon',
      cleaning_status: 'overdue',
      status: 'overdue',
    });

    const cleaned = await t.call('POST', `/v1/cartridges/${cartridge}/maintenance`, { as: 'root', body: { kind: 'cleaned', notes: 'Brushed and blown out' } });
    expect(cleaned.statusCode).toBe(201);
    expect(cleaned.json().data.maintenance).toMatchObject({ cartridge_id: cartridge, kind: 'cleaned', contact_cycles: 9, notes: 'Brushed and blown out', created_by: { username: 'root' } });
    expect(cleaned.json().data.cycles).toMatchObject({ contact_cycles: 9, life_used_cycles: 9, since_cleaning_cycles: 0, cleaning_status: 'ok', life_status: 'due_soon', status: 'due_soon' });

    await t.db.updateTable('cartridges').set({ contact_cycles: 12 }).where('id', '=', cartridge).execute();
    const replaced = await t.call('POST', `/v1/cartridges/${cartridge}/maintenance`, { as: 'root', body: { kind: 'probes_replaced' } });
    expect(replaced.statusCode).toBe(201);
    expect(replaced.json().data.cycles).toMatchObject({ contact_cycles: 12, life_used_cycles: 0, since_cleaning_cycles: 0, status: 'ok' });

    const history = await t.call('GET', `/v1/cartridges/${cartridge}/maintenance`, { as: 'root' });
    expect(history.statusCode).toBe(200);
    expect(history.json().data.map((m: { kind: string; contact_cycles: number }) => [m.kind, m.contact_cycles])).toEqual([
      ['probes_replaced', 12],
      ['cleaned', 9],
    ]);

    const overdue = await t.call('GET', `/v1/cartridges?cycle_status=overdue&limit=100`, { as: 'root' });
    expect(overdue.statusCode).toBe(200);
    expect(overdue.json().data.map((c: { id: number }) => c.id)).not.toContain(cartridge);
    await t.db.updateTable('cartridges').set({ contact_cycles: 21 }).where('id', '=', cartridge).execute();
    const again = await t.call('GET', `/v1/cartridges?cycle_status=overdue&limit=100`, { as: 'root' });
    expect(again.json().data.map((c: { id: number }) => c.id)).toContain(cartridge);
  });

  it("lets the company's people record maintenance of cartridges in its cassettes, never another company's", async () => {
    for (const as of ['alpha-operator', 'alpha-engineer', 'alpha-admin']) {
      const res = await t.call('POST', `/v1/cartridges/${bay1}/maintenance`, { as, body: { kind: 'cleaned' } });
      expect(res.statusCode, as).toBe(201);
    }
    expect((await t.call('POST', `/v1/cartridges/${bay1}/maintenance`, { as: 'alpha-viewer', body: { kind: 'cleaned' } })).statusCode).toBe(403);
    expect((await t.call('GET', `/v1/cartridges/${bay1}/maintenance`, { as: 'alpha-viewer' })).statusCode).toBe(200);
    for (const as of ['beta-admin', 'beta-operator']) {
      expect((await t.call('POST', `/v1/cartridges/${bay1}/maintenance`, { as, body: { kind: 'cleaned' } })).statusCode, as).toBe(404);
      expect((await t.call('GET', `/v1/cartridges/${bay1}/maintenance`, { as })).statusCode, as).toBe(404);
    }
    // A cartridge on the shelf belongs to no company: the platform's alone.
    const shelved = await createCartridge(t, { cartridge_type_id: type });
    expect((await t.call('POST', `/v1/cartridges/${shelved}/maintenance`, { as: 'alpha-admin', body: { kind: 'cleaned' } })).statusCode).toBe(404);
    // The company's cassette shows each bay's cycles.
    const read = await t.call('GET', `/v1/cassettes/${cassette}`, { as: 'alpha-operator' });
    expect(read.json().data.cartridges[0]).toMatchObject({ id: bay1, cycles: { since_cleaning_cycles: 0, rated_probe_life_cycles: 10 } });
  });

  it('refuses wrong maintenance and wrong limits with field errors', async () => {
    const bad = await t.call('POST', `/v1/cartridges/${bay1}/maintenance`, { as: 'root', body: { kind: 'oiled', notes: 5 } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['kind', 'notes']);
    expect((await t.call('POST', `/v1/cartridges/999999/maintenance`, { as: 'root', body: { kind: 'cleaned' } })).statusCode).toBe(404);

    const made = await t.call('POST', '/v1/cartridgetypes', { as: 'root', body: { name: 'Rated type', rated_probe_life_cycles: 100_000, cleaning_interval_cycles: 5_000 } });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ rated_probe_life_cycles: 100_000, cleaning_interval_cycles: 5_000 });
    const wrong = await t.call('PATCH', `/v1/cartridgetypes/${made.json().data.id}`, { as: 'root', body: { rated_probe_life_cycles: 0, cleaning_interval_cycles: 1.5 } });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors).sort()).toEqual(['cleaning_interval_cycles', 'rated_probe_life_cycles']);
    const cleared = await t.call('PATCH', `/v1/cartridgetypes/${made.json().data.id}`, { as: 'root', body: { cleaning_interval_cycles: null } });
    expect(cleared.json().data).toMatchObject({ rated_probe_life_cycles: 100_000, cleaning_interval_cycles: null });
  });

  it('gives a shelf type without limits an ok status', async () => {
    const plain = await insertCartridgeType(t);
    const c = await createCartridge(t, { cartridge_type_id: plain });
    const res = await t.call('GET', `/v1/cartridges/${c}`, { as: 'root' });
    expect(res.json().data.cycles).toMatchObject({ contact_cycles: 0, life_used_share: null, life_status: null, cleaning_status: null, status: 'ok' });
  });
});
