import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '../../server/services/production/days';
import { recountContactCycles } from '../../server/services/production/contact-cycles';
import type {} from '../../server/store/fixtures';
import { createCartridge, recordCalibration } from './helpers/cartridges';
import { addCassette } from './helpers/cassettes';
import { createJig, createProduction, postReport, reportBody, wroteBehindTheServer, type Jig, type Production, type ReportBody } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Fixture health split by cassette, cartridge, calibration age and contact-cycle band, from a
 * hand-built history on two jigs (on the database TEST_DB names).
 *
 * First jig: cassette K1, cartridges A (calibrated 40 days ago) and B (never), both of a type
 * rated for 10 cycles. Runs in this order: P fail, P pass (a false fail), Q pass, R fail, R fail,
 * then A's probes are replaced, then S pass. Second jig: cassette K2, cartridge C (never
 * calibrated): T fail (contact), T pass (a false fail), U pass.
 */
let t: TestApp;
let line: Production;
let other: Jig;
let k1: number;
let k2: number;
let a: number;
let b: number;
let c: number;
const today = todayUtc();
const from = addDays(today, -6);
const at = (days: number, hour: number) => `${addDays(today, -days)}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const contactFails: ReportBody['steps'] = [
  { name: 'contact', value: 9.5, unit: 'ohm', low: 0, high: 2, pass: false },
  { name: 'current', value: 0.2, unit: 'A', low: 0, high: 0.5, pass: true },
];

async function run(jig: Jig, serial: string, result: 'pass' | 'fail', finished: string, extra: Partial<ReportBody> = {}) {
  const res = await postReport(t, jig, reportBody({ project_id: line.projectId, production_batch_id: line.batchId, serial, result, finished_at: finished, ...extra }));
  if (res.statusCode !== 201) throw new Error(`report: ${res.statusCode} ${res.body}`);
}

beforeAll(async () => {
  t = await createTestApp();
  line = await createProduction(t, 'alpha');
  other = await createJig(t, t.companyIds.alpha, { name: 'Other jig' });
  const now = new Date().toISOString();
  const type = (await t.db.insertInto('cartridge_types').values({ name: 'PB-10 probes', rated_probe_life_cycles: 10, cleaning_interval_cycles: 4, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  k1 = await addCassette(t, t.companyIds.alpha, { enclosure_id: line.jig.id, cartridge_bays: 2 });
  k2 = await addCassette(t, t.companyIds.alpha, { enclosure_id: other.id, cartridge_bays: 2 });
  a = await createCartridge(t, { cartridge_type_id: type, cassette_id: k1, bay: 1 });
  b = await createCartridge(t, { cartridge_type_id: type, cassette_id: k1, bay: 2 });
  c = await createCartridge(t, { cartridge_type_id: type, cassette_id: k2, bay: 1 });
  await recordCalibration(t, a, { calibrated_at: addDays(today, -40), due_at: addDays(today, 300), result: 'pass' });

  await run(line.jig, 'P', 'fail', at(3, 8));
  await run(line.jig, 'P', 'pass', at(3, 9));
  await run(line.jig, 'Q', 'pass', at(3, 10));
  await run(line.jig, 'R', 'fail', at(2, 8));
  await run(line.jig, 'R', 'fail', at(2, 9));
  const replaced = await t.call('POST', `/v1/cartridges/${a}/maintenance`, { as: 'root', body: { kind: 'probes_replaced' } });
  expect(replaced.statusCode, replaced.body).toBe(201);
  await run(line.jig, 'S', 'pass', at(1, 8));
  await run(other, 'T', 'fail', at(2, 10), { steps: contactFails });
  await run(other, 'T', 'pass', at(2, 11));
  await run(other, 'U', 'pass', at(1, 9));
  wroteBehindTheServer(t);
});
afterAll(() => t?.close());

const health = async (query: string, as = 'alpha-viewer') => {
  const res = await t.call('GET', `/v1/statistics/fixture-health?from=${from}&to=${today}&project_id=${line.projectId}${query}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
type Group = { key: number; name: string; runs: number; fails: number; false_fails: number; first_tests: number; first_passes: number };
const figures = (groups: Group[]) => Object.fromEntries(groups.map((g) => [g.key, [g.runs, g.fails, g.false_fails]]));
const perRunTotals = { runs: 9, fails: 4, false_fails: 2 };

describe('fixture health split by the fixture’s parts', () => {
  it('splits by cassette', async () => {
    const data = await health('&by=cassette');
    expect(figures(data.groups)).toEqual({ [k1]: [6, 3, 1], [k2]: [3, 1, 1] });
    expect(data.groups.find((g: Group) => g.key === k1)).toMatchObject({ first_tests: 4, first_passes: 2, first_pass_yield: 0.5 });
    expect(data.totals).toMatchObject(perRunTotals);
  });

  it('splits by cartridge, a run counting for each cartridge of its fixture, the totals still per run', async () => {
    const data = await health('&by=cartridge');
    expect(figures(data.groups)).toEqual({ [a]: [6, 3, 1], [b]: [6, 3, 1], [c]: [3, 1, 1] });
    expect(data.groups.find((g: Group) => g.key === c)).toMatchObject({ first_tests: 2, first_passes: 1, name: expect.stringMatching(/^CR-/), detail: 'PB-10 probes' });
    expect(data.totals).toMatchObject(perRunTotals);
    const trendRuns = data.trend.reduce((n: number, p: { runs: number }) => n + p.runs, 0);
    expect(trendRuns).toBe(9);
    const steps = data.steps.map((s: { key: number; step: string; failures: number; false_fails: number }) => [s.key, s.step, s.failures, s.false_fails]);
    expect(steps).toEqual(expect.arrayContaining([[a, 'current', 3, 1], [b, 'current', 3, 1], [c, 'contact', 1, 1]]));
    expect(data.steps.find((s: { key: number }) => s.key === a).pass_rate).toBeCloseTo(0.5, 10);
  });

  it('gives each cartridge of one jig its steps’ Cpk', async () => {
    const data = await health(`&by=cartridge&enclosure_id=${line.jig.id}`);
    expect(data.groups.map((g: Group) => g.key).sort()).toEqual([a, b].sort());
    for (const key of [a, b]) expect(typeof data.steps.find((s: { key: number; step: string }) => s.key === key && s.step === 'current').cpk).toBe('number');
  });

  it('splits by calibration age: the calibration the run’s fixture recorded, or none', async () => {
    const data = await health('&by=calibration_age');
    // A was calibrated 40 days ago: 37 to 39 days at its runs.
    expect(figures(data.groups)).toEqual({ 31: [6, 3, 1], [-1]: [9, 4, 2] });
    expect(data.groups.find((g: Group) => g.key === 31).name).toBe('31–90 days');
    expect(data.groups.find((g: Group) => g.key === -1).name).toBe('Not calibrated');
  });

  it('splits by the share of rated life used at the run, a probe change starting it again', async () => {
    const data = await health('&by=cycle_band');
    // Runs 1–4 of A and B are 10–40% (band 0), run 5 is 50%; after A's probe change, S is A's 10% and B's 60%. C: 10–30%.
    expect(figures(data.groups)).toEqual({ 0: [12, 5, 3], 50: [3, 2, 0] });
    expect(data.groups.find((g: Group) => g.key === 50).name).toBe('50–80% of life');
    expect(data.totals).toMatchObject(perRunTotals);
    // The numbering is the kept counter's: the recount equals it.
    for (const id of [a, b, c]) {
      const kept = (await t.db.selectFrom('cartridges').where('id', '=', id).select('contact_cycles').executeTakeFirstOrThrow()).contact_cycles;
      expect(kept).toBe(await recountContactCycles(t.db, id));
    }
  });

  it('refuses an unknown split with its field, and shows another company none of these runs', async () => {
    const bad = await t.call('GET', `/v1/statistics/fixture-health?by=pins`, { as: 'alpha-viewer' });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().errors.by)).toMatch(/cassette/);
    for (const by of ['cassette', 'cartridge', 'calibration_age', 'cycle_band']) {
      const res = await t.call('GET', `/v1/statistics/fixture-health?from=${from}&to=${today}&by=${by}`, { as: 'beta-viewer' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.groups).toEqual([]);
    }
  });
});

describe('one cartridge’s fixture health', () => {
  it('gives its figures, failing steps, cycles and false fails over its contact cycles; another company gets a 404', async () => {
    const res = await t.call('GET', `/v1/cartridges/${a}/health?from=${from}&to=${today}`, { as: 'alpha-viewer' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ runs: 6, fails: 3, false_fails: 1, false_fail_share: 1 / 3, jig: { id: line.jig.id }, bucket_cycles: 1 });
    expect(data.cartridge).toMatchObject({ id: a, cycles: { contact_cycles: 6, life_used_cycles: 1 } });
    // The projects whose boards it touched in the range: where its board drawing shows the pads.
    expect(data.projects).toEqual([{ id: line.projectId, name: expect.any(String) }]);
    const before = await t.call('GET', `/v1/cartridges/${a}/health?from=${addDays(from, -30)}&to=${addDays(from, -20)}`, { as: 'alpha-viewer' });
    expect(before.json().data.projects).toEqual([]);
    expect(data.steps.map((s: { step: string; failures: number; false_fails: number }) => [s.step, s.failures, s.false_fails])).toEqual([['current', 3, 1]]);
    // Rated for 10 cycles: a bucket per cycle. Cycle 1 (P) false-failed; 4 and 5 (R) failed for real or without a next run.
    expect(data.cycle_trend.map((p: { from_cycle: number; runs: number; fails: number; false_fails: number }) => [p.from_cycle, p.runs, p.fails, p.false_fails])).toEqual([
      [1, 1, 1, 1],
      [2, 1, 0, 0],
      [3, 1, 0, 0],
      [4, 1, 1, 0],
      [5, 1, 1, 0],
      [6, 1, 0, 0],
    ]);
    const other = await t.call('GET', `/v1/cartridges/${c}/health?from=${from}&to=${today}`, { as: 'alpha-viewer' });
    expect(other.json().data).toMatchObject({ runs: 3, fails: 1, false_fails: 1, jig: { id: other.json().data.jig.id } });
    expect((await t.call('GET', `/v1/cartridges/${a}/health`, { as: 'beta-viewer' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/cartridges/${a}/health?from=2026-13-01`, { as: 'alpha-viewer' })).statusCode).toBe(422);
  });
});
