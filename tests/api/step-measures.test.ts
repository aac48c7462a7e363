import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureCoverage, stepMeasures, stepMeasuresFromReports, coverageFromReports, type MeasureScope, type Moments, type StepMeasure } from '../../server/store/step-measures';
import { createJig, createProduction, pointJigAtProject, postReport, reportBody, type Jig, type Production, type ReportBody } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';
import { up as migrateStepMeasures } from '../../server/db/migrations/027_step_measures';
import { createProfile } from './helpers/test-profiles';

/**
 * The step measures kept at ingestion (step_measure_daily) against a recompute from the raw
 * values (the oracle reads every report's steps): after ingestion, a batch move, a batch delete
 * and a held run's release, over many scopes; and values with a huge offset, where a sum of
 * squares would keep nothing of the spread.
 */
let t: TestApp;
let a: Production;
let jig2: Jig;
let lot2: number;
let lot3: number;
let v1: number;
let v2: number;
const devices: Record<string, number> = {};

/** A small deterministic generator: the same series on every run and both databases. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const rnd = random(7);
const noise = () => rnd() + rnd() + rnd() - 1.5;

const DAYS = ['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-10'];

async function post(jig: Jig, body: Partial<ReportBody> & { serial: string; production_batch_id?: number }) {
  const res = await postReport(t, jig, reportBody({ project_id: a.projectId, production_batch_id: a.batchId, ...body }));
  expect(res.statusCode, res.body).toBe(201);
  devices[body.serial] = res.json().data.device_id;
  return res.json().data as { report_id: number; held?: string | null; golden?: string | null };
}

/** A run with measured steps, a pass/fail-only step, a step without a value and a repeated step. */
function steps(result: 'pass' | 'fail', offset = 0) {
  const fail = result === 'fail';
  return [
    { name: 'power on', value: 3.3 + offset + 0.05 * noise(), unit: 'V', low: 3.1, high: 3.5, pass: true },
    { name: 'flash', pass: true },
    { name: 'current', value: fail ? 0.9 + 0.1 * noise() : 0.2 + 0.02 * noise(), unit: 'A', low: 0, high: 0.5, pass: !fail },
    { name: 'label', value: null, pass: rnd() > 0.2 },
    { name: 'ripple', value: Math.round(20 + 5 * noise()), unit: 'mV', low: 0, high: 40, pass: true },
    { name: 'ripple', value: Math.round(21 + 5 * noise()), unit: 'mV', low: 0, high: 40, pass: true },
  ];
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createProduction(t, 'alpha', { project: 'Measured line' });
  jig2 = await createJig(t, t.companyIds.alpha);
  await pointJigAtProject(t, a.jig.id, a.projectId);
  await pointJigAtProject(t, jig2.id, a.projectId);
  lot2 = await a.addBatch('Lot 2');
  lot3 = await a.addBatch('Lot 3');
  v1 = await createProfile(t, a.projectId, { name: 'smoke', version: '1.0' });
  v2 = await createProfile(t, a.projectId, { name: 'smoke', version: '2.0' });
  // Runs of a profile entered later still count for it once it is (linked by name and version).
  let serial = 0;
  for (const [d, day] of DAYS.entries()) {
    for (let i = 0; i < 14; i++) {
      const jig = i % 3 === 2 ? jig2 : a.jig;
      const batch = [a.batchId, lot2, lot3][(i + d) % 3];
      const result = rnd() < 0.25 ? 'fail' : 'pass';
      const version = d < 2 ? '1.0' : i % 2 ? '2.0' : '1.0';
      const s = `SM-${serial++}`;
      const finished_at = `${day}T${String(8 + (i % 10)).padStart(2, '0')}:${String(i * 3).padStart(2, '0')}:00.000Z`;
      await post(jig, { serial: s, result, finished_at, test_profile_version: version, production_batch_id: batch, steps: steps(result) });
      // Some boards are tested again: a retest, on another day or the same, maybe on the other jig.
      if (result === 'fail' && i % 2 === 0) {
        await post(i % 4 === 0 ? jig2 : a.jig, { serial: s, result: 'pass', finished_at: finished_at.replace(/T(\d\d)/, (_, h) => `T${String(Number(h) + 1).padStart(2, '0')}`), test_profile_version: version, steps: steps('pass') });
      }
    }
  }
  // A run with no profile, and one whose steps carry no numbers at all.
  await post(a.jig, { serial: 'SM-np', finished_at: `${DAYS[0]}T09:00:00.000Z`, test_profile: undefined, test_profile_version: undefined, steps: steps('pass') });
  await post(a.jig, { serial: 'SM-nv', finished_at: `${DAYS[1]}T09:00:00.000Z`, steps: [{ name: 'flash', pass: true }, { name: 'power on', value: null, pass: false }] });
  // A golden unit's run: counted nowhere, with a value that would show.
  expect((await t.call('POST', `/v1/projects/${a.projectId}/golden-units`, { as: 'alpha-engineer', body: { serial: 'SM-GOLD', kind: 'good' } })).statusCode).toBe(201);
  const golden = await post(a.jig, { serial: 'SM-GOLD', finished_at: new Date().toISOString(), steps: steps('pass', 50) });
  expect(golden.golden).toBe('right');
});
afterAll(() => t?.close());

const close = (actual: number | null, expected: number | null, rel: number) => {
  if (actual === null || expected === null) return actual === expected;
  return Math.abs(actual - expected) <= rel * Math.max(Math.abs(actual), Math.abs(expected)) + 1e-12;
};

function expectMomentsClose(label: string, actual: Moments, expected: Moments, rel: number) {
  expect({ n: actual.n, within_df: actual.within_df }, label).toEqual({ n: expected.n, within_df: expected.within_df });
  for (const k of ['mean', 'm2', 'within_m2'] as const) {
    expect(close(actual[k], expected[k], rel), `${label} ${k}: ${actual[k]} vs ${expected[k]}`).toBe(true);
  }
}

function expectSame(label: string, actual: StepMeasure[], expected: StepMeasure[], rel = 1e-9) {
  expect(actual.map((s) => s.step_name), label).toEqual(expected.map((s) => s.step_name));
  actual.forEach((s, i) => {
    const e = expected[i];
    const where = `${label} / ${s.step_name}`;
    expect({ runs: s.runs, fails: s.fails, min: s.min, max: s.max }, where).toEqual({ runs: e.runs, fails: e.fails, min: e.min, max: e.max });
    expectMomentsClose(`${where} all`, s.all, e.all, rel);
    expectMomentsClose(`${where} passing`, s.passing, e.passing, rel);
  });
}

/** Many scopes: whole project, each version, day ranges, each batch, each jig, a step, and combinations. */
function scopes(): [string, MeasureScope][] {
  const p = a.projectId;
  const both = [v1, v2];
  return [
    ['all history', { projectId: p, profileIds: both }],
    ['version 1.0', { projectId: p, profileIds: [v1] }],
    ['version 2.0', { projectId: p, profileIds: [v2] }],
    ['one day', { projectId: p, profileIds: both, from: DAYS[1], to: DAYS[1] }],
    ['from a day', { projectId: p, profileIds: both, from: DAYS[2] }],
    ['up to a day', { projectId: p, profileIds: both, to: DAYS[1] }],
    ['lot 1', { projectId: p, profileIds: both, batchId: a.batchId }],
    ['lot 2', { projectId: p, profileIds: both, batchId: lot2 }],
    ['lot 3', { projectId: p, profileIds: both, batchId: lot3 }],
    ['jig 1', { projectId: p, profileIds: both, jigId: a.jig.id }],
    ['jig 2, version 2.0', { projectId: p, profileIds: [v2], jigId: jig2.id }],
    ['steps', { projectId: p, profileIds: both, steps: ['ripple', 'current'] }],
    ['lot 2, days, jig 1', { projectId: p, profileIds: [v1], batchId: lot2, from: DAYS[0], to: DAYS[2], jigId: a.jig.id }],
    ['no profile', { projectId: p, profileIds: [] }],
  ];
}

async function expectAggregatesEqualRecompute(stage: string) {
  for (const [name, scope] of scopes()) {
    const label = `${stage}: ${name}`;
    expectSame(label, await stepMeasures(t.db, scope), await stepMeasuresFromReports(t.db, scope));
    expect(await measureCoverage(t.db, scope), label).toEqual(await coverageFromReports(t.db, scope));
  }
}

const powerOn = async () => (await stepMeasures(t.db, { projectId: a.projectId, profileIds: [v1, v2], steps: ['power on'] }))[0];

describe('step measures: the aggregates equal a recompute from the raw values', () => {
  it('after ingestion: several jigs, batches, days and versions, passing and failing runs, values missing; golden runs left out', async () => {
    const all = await stepMeasures(t.db, { projectId: a.projectId, profileIds: [v1, v2] });
    // The scope is real: every step, both results, several subgroups.
    expect(all.map((s) => s.step_name)).toEqual(['current', 'flash', 'label', 'power on', 'ripple']);
    const current = all.find((s) => s.step_name === 'current')!;
    expect(current.fails).toBeGreaterThan(0);
    expect(current.passing.n).toBeLessThan(current.all.n);
    expect(current.all.within_df).toBeLessThan(current.all.n - 1);
    expect(all.find((s) => s.step_name === 'ripple')!.runs).toBe(2 * current.runs);
    expect(all.find((s) => s.step_name === 'flash')!.all.n).toBe(0);
    // The golden run's power on (53 V) is nowhere.
    expect((await powerOn()).max).toBeLessThan(10);
    await expectAggregatesEqualRecompute('ingested');
  });

  it('after boards move between batches (a correction by hand)', async () => {
    const before = await powerOn();
    for (const serial of ['SM-0', 'SM-4', 'SM-20', 'SM-33']) {
      const res = await t.call('PATCH', `/v1/manage/devices/${devices[serial]}`, { as: 'root', body: { production_batch_id: lot2 } });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Every board of lot 3 leaves it, for the delete below.
    const lot3Boards = await t.db.selectFrom('devices').where('production_batch_id', '=', lot3).select('id').execute();
    for (const { id } of lot3Boards) {
      expect((await t.call('PATCH', `/v1/manage/devices/${id}`, { as: 'root', body: { production_batch_id: a.batchId } })).statusCode).toBe(200);
    }
    const after = await powerOn();
    expect(after.all.n).toBe(before.all.n);
    expect(close(after.all.mean, before.all.mean, 1e-12)).toBe(true);
    await expectAggregatesEqualRecompute('moved');
    expect(await stepMeasures(t.db, { projectId: a.projectId, profileIds: [v1, v2], batchId: lot3 })).toEqual([]);
  });

  it('after a batch is deleted: its rows go with it', async () => {
    const rows = () => t.db.selectFrom('step_measure_daily').where('production_batch_id', '=', lot3).select('runs').execute();
    // Its boards moved away: its rows stand at zero until the batch goes.
    expect((await rows()).length).toBeGreaterThan(0);
    expect((await rows()).every((r) => Number(r.runs) === 0)).toBe(true);
    expect((await t.call('DELETE', `/v1/productionbatches/${lot3}`, { as: 'alpha-engineer' })).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
    await expectAggregatesEqualRecompute('batch deleted');
  });

  it('held runs count nowhere until released; released, they count as a recompute says', async () => {
    expect((await t.call('PUT', '/v1/fixture-policy', { as: 'alpha-admin', body: { policy: 'hold' } })).statusCode).toBe(200);
    // Jig 2 never ran a golden unit: not ready, so its runs are held.
    const held: number[] = [];
    for (const [i, result] of (['pass', 'fail', 'pass'] as const).entries()) {
      const run = await post(jig2, { serial: `SM-H${i}`, result, finished_at: `${DAYS[3]}T20:0${i}:00.000Z`, test_profile_version: '2.0', production_batch_id: lot2, steps: steps(result, 90) });
      expect(run.held).toBe('held');
      held.push(run.report_id);
    }
    expect((await powerOn()).max).toBeLessThan(10);
    await expectAggregatesEqualRecompute('held');
    // Released with a run that counted already among the ids: only the held ones are added.
    const counted = await t.db.selectFrom('device_reports').where('project_id', '=', a.projectId).where('held', 'is', null).where('golden', 'is', null).select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const release = () => t.call('POST', `/v1/projects/${a.projectId}/held-reports/release`, { as: 'alpha-engineer', body: { report_ids: [...held, counted.id] } });
    expect((await release()).json().data).toEqual({ changed: 3 });
    expect((await powerOn()).max).toBeGreaterThan(90);
    await expectAggregatesEqualRecompute('released');
    // Asked again: nothing is held any more, nothing is added.
    expect((await release()).json().data).toEqual({ changed: 0 });
    await expectAggregatesEqualRecompute('released again');
    await t.call('PUT', '/v1/fixture-policy', { as: 'alpha-admin', body: { policy: 'warn' } });
  });

  it('runs posted after all of that still merge into the rebuilt rows', async () => {
    for (let i = 0; i < 6; i++) {
      const result = i % 3 ? 'pass' : 'fail';
      await post(i % 2 ? a.jig : jig2, { serial: `SM-L${i}`, result, finished_at: `${DAYS[i % 4]}T21:1${i}:00.000Z`, test_profile_version: i % 2 ? '1.0' : '2.0', production_batch_id: lot2, steps: steps(result) });
    }
    await expectAggregatesEqualRecompute('later');
  });
});

describe('the migration', () => {
  it('backfills the reports stored before it as ingestion would have kept them', async () => {
    const kept = await stepMeasures(t.db, { projectId: a.projectId, profileIds: [v1, v2] });
    await t.db.schema.dropIndex('report_daily_slices_profile').execute();
    await t.db.schema.dropTable('step_measure_daily').execute();
    await migrateStepMeasures(t.db);
    const backfilled = await stepMeasures(t.db, { projectId: a.projectId, profileIds: [v1, v2] });
    expect(backfilled.length).toBe(5);
    expectSame('backfilled', backfilled, kept);
    await expectAggregatesEqualRecompute('backfilled');
  });
});

describe('values with a huge offset', () => {
  it('1e9 Hz ± 1 Hz: the spread survives, where a sum of squares keeps nothing of it', async () => {
    const b = await createProduction(t, 'alpha', { project: 'Clock line' });
    const profile = await createProfile(t, b.projectId, { name: 'clock', version: '1.0' });
    const values: number[] = [];
    for (let i = 0; i < 48; i++) {
      const hz = 1e9 + noise() * 1.5 + (i % 4 === 3 ? 0.5 : 0);
      values.push(hz);
      const res = await b.report({
        serial: `CLK-${i}`,
        finished_at: `2025-04-0${1 + (i % 3)}T1${i % 10}:00:00.000Z`,
        test_profile: 'clock',
        test_profile_version: '1.0',
        steps: [{ name: 'frequency', value: hz, unit: 'Hz', low: 1e9 - 10, high: 1e9 + 10, pass: true }],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const scope = { projectId: b.projectId, profileIds: [profile] };
    const [kept] = await stepMeasures(t.db, scope);
    const [exact] = await stepMeasuresFromReports(t.db, scope);
    // A double near 1e9 is exact to about 1e-7, so the spread (variance about 1) is known to some 1e-7 of itself.
    expectSame('clock', [kept], [exact], 1e-6);
    const variance = exact.all.m2 / (exact.all.n - 1);
    expect(variance).toBeGreaterThan(0.2);
    // The textbook one-pass formula on the same values: its variance is nowhere near.
    const sum = values.reduce((s, v) => s + v, 0);
    const squares = values.reduce((s, v) => s + v * v, 0);
    const naive = (squares - (sum * sum) / values.length) / (values.length - 1);
    expect(Math.abs(naive - variance) / variance).toBeGreaterThan(0.01);
    expect(Math.abs(kept.all.m2 / (kept.all.n - 1) - variance) / variance).toBeLessThan(1e-6);
  });
});
