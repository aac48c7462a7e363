import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJig, createProduction, postReport, reportBody, wroteBehindTheServer, type Jig, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';
import { addStep, createProfile } from './helpers/test-profiles';

/**
 * Step capability over a scope of a profile's history (GET /testprofiles/{id}/statistics and
 * /histogram) on whichever database TEST_DB names: each scope narrows the runs, foreign batches
 * and jigs are refused, and Cpk and Ppk equal a hand computation from the posted values.
 *
 * The posted `vout` values, in subgroups (a day × batch × jig × version):
 *   G1 2026-03-02, lot A, jig 1, v1: 5.00 5.02
 *   G2 2026-03-03, lot A, jig 1, v1: 4.98 5.06
 *   G3 2026-03-03, lot B, jig 2, v1: 5.01 5.05 (the 5.05 run failed, on `current`)
 *   G4 2026-03-04, lot B, jig 1, v2: 4.95 4.97
 */
let t: TestApp;
let p: Production;
let jig2: Jig;
let lotB: number;
let v1: number;
let v2: number;

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha');
  jig2 = await createJig(t, t.companyIds.alpha, { name: 'Second jig' });
  lotB = await p.addBatch('Lot B');
  v1 = await createProfile(t, p.projectId, { name: 'CAP', version: '1' });
  await addStep(t, v1, { name: 'vout', low: 4.9, high: 5.1, unit: 'V' });
  v2 = await createProfile(t, p.projectId, { name: 'CAP', version: '2' });
  await addStep(t, v2, { name: 'vout', low: 4.8, high: 5.2, unit: 'V' });
  const runs: [string, number, Jig, string, number, boolean][] = [
    ['2026-03-02T08:00:00.000Z', p.batchId, p.jig, '1', 5.0, true],
    ['2026-03-02T09:00:00.000Z', p.batchId, p.jig, '1', 5.02, true],
    ['2026-03-03T08:00:00.000Z', p.batchId, p.jig, '1', 4.98, true],
    ['2026-03-03T09:00:00.000Z', p.batchId, p.jig, '1', 5.06, true],
    ['2026-03-03T10:00:00.000Z', lotB, jig2, '1', 5.01, true],
    ['2026-03-03T11:00:00.000Z', lotB, jig2, '1', 5.05, false],
    ['2026-03-04T08:00:00.000Z', lotB, p.jig, '2', 4.95, true],
    ['2026-03-04T09:00:00.000Z', lotB, p.jig, '2', 4.97, true],
  ];
  for (const [i, [finished_at, batch, jig, version, value, pass]] of runs.entries()) {
    const body = reportBody({
      project_id: p.projectId,
      production_batch_id: batch,
      serial: `CAPS-${i}`,
      finished_at,
      test_profile: 'CAP',
      test_profile_version: version,
      result: pass ? 'pass' : 'fail',
      steps: [
        { name: 'vout', value, unit: 'V', low: 4.9, high: 5.1, pass: true },
        { name: 'current', value: pass ? 0.2 : 0.9, unit: 'A', low: 0, high: 0.5, pass },
        { name: 'flash', pass: true },
      ],
    });
    const res = await postReport(t, jig, body);
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t?.close());

type Step = { name: string; count: number; all: Record<string, number | null | string>; passing: Record<string, number | null | string> } & Record<string, unknown>;
const statistics = async (id: number, query = '', as = 'alpha-viewer') => {
  const res = await t.call('GET', `/v1/testprofiles/${id}/statistics${query ? `?${query}` : ''}`, { as });
  return { res, body: res.json(), vout: (res.json().data as Step[] | undefined)?.find((s) => s.name === 'vout') };
};

describe('step statistics over a scope', () => {
  it('gives Cpk from σ within subgroups and Ppk from σ overall, as by hand, with and without failing runs', async () => {
    const { res, body, vout } = await statistics(v1);
    expect(res.statusCode).toBe(200);
    expect(body.meta).toEqual({ runs: 6, first_day: '2026-03-02', last_day: '2026-03-03', from: null, to: null, versions: ['1'], batch: null, jig: null });
    // All six: mean 30.12 / 6 = 5.02; squared deviations 4 + 0 + 16 + 16 + 1 + 9 (×1e-4) → m2 = 0.0046, σ overall = √(0.0046/5) = 0.0303315.
    // Within: G1 2e-4, G2 32e-4, G3 8e-4 → 0.0042 over 3 df, σ within = √0.0014 = 0.0374166.
    // Limits 4.9 … 5.1 (the profile's): nearer side 0.08 → Cpk = 0.08 / 0.1122497 = 0.712697, Ppk = 0.08 / 0.0909945 = 0.879174.
    expect(vout).toMatchObject({ count: 6, passed: 6, measured: 6, low: 4.9, high: 5.1, unit: 'V', limits_from: 'profile', min: 4.98, max: 5.06 });
    expect(vout!.all.mean).toBeCloseTo(5.02, 10);
    expect(vout!.all.sd_overall).toBeCloseTo(0.0303315, 7);
    expect(vout!.all.sd_within).toBeCloseTo(0.0374166, 7);
    expect(vout!.all.cpk).toBeCloseTo(0.712697, 5);
    expect(vout!.all.ppk).toBeCloseTo(0.879174, 5);
    expect(vout!.all.level).toBe('alarm');
    // Without the failing run (5.05): mean 25.07 / 5 = 5.014; m2 = 0.00352, σ overall = √0.00088 = 0.0296648;
    // within G1 2e-4 + G2 32e-4 (G3 one value) over 2 df → σ within = √0.0017 = 0.0412311; nearer side 0.086:
    // Cpk = 0.086 / 0.1236932 = 0.695269, Ppk = 0.086 / 0.0889944 = 0.966353.
    expect(vout!.passing.n).toBe(5);
    expect(vout!.passing.mean).toBeCloseTo(5.014, 10);
    expect(vout!.passing.cpk).toBeCloseTo(0.695269, 5);
    expect(vout!.passing.ppk).toBeCloseTo(0.966353, 5);
    const current = body.data.find((s: Step) => s.name === 'current');
    // Not a step of the profile: its limits are those the runs carried.
    expect(current).toMatchObject({ count: 6, passed: 5, limits_from: 'reports', low: 0, high: 0.5, unit: 'A', position: null });
    // Worst first: current's spread (one 0.9 among 0.2s) is its own alarm, far below vout's.
    expect(body.data.map((s: Step) => s.name)).toEqual(['current', 'vout', 'flash']);
  });

  it('narrows by days, batch, jig and versions, and says what it covers', async () => {
    const from = await statistics(v1, 'from=2026-03-03');
    expect(from.body.meta).toMatchObject({ runs: 4, first_day: '2026-03-03', last_day: '2026-03-03', from: '2026-03-03', to: null });
    // G2 and G3: mean 5.025, Cpk = 0.075 / (3 × √(0.004/2)) = 0.559017, Ppk = 0.075 / (3 × √(0.0041/3)) = 0.676252.
    expect(from.vout!.all.cpk).toBeCloseTo(0.559017, 5);
    expect(from.vout!.all.ppk).toBeCloseTo(0.676252, 5);

    const to = await statistics(v1, 'to=2026-03-02');
    expect(to.body.meta).toMatchObject({ runs: 2, first_day: '2026-03-02', last_day: '2026-03-02', from: null, to: '2026-03-02' });
    expect(to.vout!.all.mean).toBeCloseTo(5.01, 10);

    const lot = await statistics(v1, `batch_id=${lotB}`);
    expect(lot.body.meta).toMatchObject({ runs: 2, batch: { id: lotB, name: 'Lot B' }, jig: null });
    expect(lot.vout).toMatchObject({ count: 2, min: 5.01, max: 5.05 });

    const jig = await statistics(v1, `jig_id=${jig2.id}`);
    expect(jig.body.meta).toMatchObject({ runs: 2, jig: { id: jig2.id, name: 'Second jig' }, batch: null });
    const both = await statistics(v1, `jig_id=${p.jig.id}&batch_id=${p.batchId}&from=2026-03-03&to=2026-03-03`);
    expect(both.body.meta).toMatchObject({ runs: 2, first_day: '2026-03-03', batch: { id: p.batchId, name: 'Lot 1' }, jig: { id: p.jig.id } });
    expect(both.vout).toMatchObject({ min: 4.98, max: 5.06 });

    // Every version of the name, judged against this version's limits (4.9 … 5.1):
    // 8 values, mean 5.005, within 0.0044 over 4 df → Cpk = 0.095 / (3 × 0.0331662) = 0.954786;
    // m2 0.0102 → Ppk = 0.095 / (3 × 0.0381725) = 0.829567.
    const all = await statistics(v1, 'versions=all');
    expect(all.body.meta).toMatchObject({ runs: 8, versions: ['1', '2'], first_day: '2026-03-02', last_day: '2026-03-04' });
    expect(all.vout).toMatchObject({ count: 8, low: 4.9, high: 5.1 });
    expect(all.vout!.all.cpk).toBeCloseTo(0.954786, 5);
    expect(all.vout!.all.ppk).toBeCloseTo(0.829567, 5);
    // From v2, the same runs against v2's limits 4.8 … 5.2: nearer side 0.195 → Cpk = 0.195 / 0.0994987 = 1.959824.
    const fromV2 = await statistics(v2, 'versions=all');
    expect(fromV2.vout).toMatchObject({ count: 8, low: 4.8, high: 5.2 });
    expect(fromV2.vout!.all.cpk).toBeCloseTo(1.959824, 5);
    expect(fromV2.vout!.all.level).toBe('ok');
    expect((await statistics(v2)).body.meta).toMatchObject({ runs: 2, versions: ['2'] });

    const none = await statistics(v1, 'from=2025-01-01&to=2025-01-31');
    expect(none.body).toMatchObject({ data: [], meta: { runs: 0, first_day: null, last_day: null } });
  });

  it("refuses another project's batch, another company's jig, a reversed range and bad values; hides the profile from another company", async () => {
    const other = await createProduction(t, 'alpha');
    const beta = await createProduction(t, 'beta');
    const lot = await statistics(v1, `batch_id=${other.batchId}`);
    expect(lot.res.statusCode).toBe(422);
    expect(lot.body.errors).toEqual({ batch_id: ['There is no such batch in this project.'] });
    const jig = await statistics(v1, `jig_id=${beta.jig.id}`);
    expect(jig.res.statusCode).toBe(422);
    expect(jig.body.errors).toEqual({ jig_id: ['There is no such jig in this company.'] });
    expect((await statistics(v1, 'from=2026-03-04&to=2026-03-02')).body.errors).toEqual({ from: ['from must not be after to.'] });
    expect((await statistics(v1, 'versions=some')).res.statusCode).toBe(422);
    expect((await statistics(v1, 'from=March')).res.statusCode).toBe(422);
    expect((await statistics(v1, '', 'beta-admin')).res.statusCode).toBe(404);
    const hist = await t.call('GET', `/v1/testprofiles/${v1}/histogram?step=vout&jig_id=${beta.jig.id}`, { as: 'alpha-viewer' });
    expect(hist.statusCode).toBe(422);
  });
});

describe('histogram', () => {
  const histogram = async (query: string) => {
    const res = await t.call('GET', `/v1/testprofiles/${v1}/histogram?${query}`, { as: 'alpha-viewer' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('bins the scope’s values between the limits and fits the normal from the aggregates', async () => {
    const h = await histogram('step=vout');
    expect(h).toMatchObject({ step: 'vout', unit: 'V', low: 4.9, high: 5.1, runs: 'all', measured: 6, sample: 6, sample_since: '2026-03-02T08:00:00.000Z' });
    expect(h.fit.mean).toBeCloseTo(5.02, 10);
    expect(h.fit.sd).toBeCloseTo(0.0303315, 7);
    // Spread 0.08 over 5 bars → width 0.016 → 0.02; 4.9 … 5.1 → ten bars of 0.02.
    expect(h.bins).toHaveLength(10);
    expect(h.bins[0]).toMatchObject({ from: 4.9, to: 4.92 });
    // 4.98 | 5.00 5.01 | 5.02 | 5.05 | 5.06 in the bars from 4.98, 5.00, 5.02, 5.04 and 5.06.
    expect(h.bins.map((b: { count: number }) => b.count)).toEqual([0, 0, 0, 0, 1, 2, 1, 1, 1, 0]);

    const passing = await histogram('step=vout&runs=passing');
    expect(passing).toMatchObject({ runs: 'passing', measured: 5, sample: 5 });
    expect(passing.fit.mean).toBeCloseTo(5.014, 10);

    const lot = await histogram(`step=vout&batch_id=${lotB}&versions=all`);
    expect(lot).toMatchObject({ measured: 4, sample: 4, sample_since: '2026-03-03T10:00:00.000Z' });

    // The sample is read from the runs themselves: a held run or a golden unit's is not in it.
    const first = await t.db.selectFrom('device_reports').select('id').where('test_profile_id', '=', v1).orderBy('finished_at').executeTakeFirstOrThrow();
    for (const mark of [{ held: 'held' }, { golden: 'right' }] as const) {
      await t.db.updateTable('device_reports').set(mark).where('id', '=', first.id).execute();
      wroteBehindTheServer(t);
      expect((await histogram('step=vout')).sample, JSON.stringify(mark)).toBe(5);
      await t.db.updateTable('device_reports').set({ held: null, golden: null }).where('id', '=', first.id).execute();
    }
    wroteBehindTheServer(t);

    const unknown = await histogram('step=nothing');
    expect(unknown).toMatchObject({ measured: 0, sample: 0, bins: [], fit: null, low: null, high: null });
    const missing = await t.call('GET', `/v1/testprofiles/${v1}/histogram`, { as: 'alpha-viewer' });
    expect(missing.statusCode).toBe(422);
  });
});
