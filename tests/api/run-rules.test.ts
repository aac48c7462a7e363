import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';
import { addStep, createProfile } from './helpers/test-profiles';

let t: TestApp;
let alpha: Production;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha');
});
afterAll(() => t?.close());

const get = (url: string, as = 'alpha-viewer') => t.call('GET', `/v1${url}`, { as });
const patch = (url: string, body: unknown, as = 'alpha-engineer') => t.call('PATCH', `/v1${url}`, { as, body });
const post = (url: string, body?: unknown, as = 'alpha-engineer') => t.call('POST', `/v1${url}`, { as, body });

/** Posts one run per value of `rail`, a minute apart from `start`, and answers their report ids. */
async function postSeries(profile: { name: string; version: string }, values: number[], start: string, prefix: string): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, value] of values.entries()) {
    const res = await alpha.report({
      serial: `${prefix}-${i}`,
      test_profile: profile.name,
      test_profile_version: profile.version,
      finished_at: new Date(Date.parse(start) + i * 60_000).toISOString(),
      steps: [
        { name: 'rail', value, unit: 'V', low: 5, high: 15, pass: true },
        { name: 'flash', pass: true },
      ],
    });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().data.report_id);
  }
  return ids;
}

/**
 * Built to break rules 4 and 1 with a centre of exactly 10: ten alternating around it, nine in a
 * row above (the 10.5 at index 9 starts the run), eight below, then 14 and 6. One subgroup (one
 * day, batch, jig and version), so σ is the sample σ: √(35.14 / 27) = 1.14082; 14 and 6 are
 * ±3.506σ, every other point within 0.5σ.
 */
const SERIES = [9.5, 10.5, 9.5, 10.5, 9.5, 10.5, 9.5, 10.5, 9.5, 10.5, ...Array(8).fill(10.2), ...Array(8).fill(9.8), 14, 6];
const SIGMA = Math.sqrt(35.14 / 27);
/** By hand: rule 4 at the 8th and 9th of the run above (16, 17) and the 8th below (25); rule 1 at 26 and 27. */
const FLAGS: Record<number, number[]> = { 16: [4], 17: [4], 25: [4], 26: [1], 27: [1] };

describe('run charts with run rules', () => {
  let profile: number;
  let reports: number[];
  beforeAll(async () => {
    profile = await createProfile(t, alpha.projectId, { name: 'Rules', version: '1' });
    await addStep(t, profile, { name: 'rail', low: 5, high: 15, unit: 'V' });
    reports = await postSeries({ name: 'Rules', version: '1' }, SERIES, '2026-12-01T08:00:00Z', 'RR');
  });

  it('draws the points in time order with the scope’s centre and σ and the rules each point breaks', async () => {
    const res = await get(`/testprofiles/${profile}/runchart?step=rail`);
    expect(res.statusCode).toBe(200);
    const chart = res.json().data;
    expect(chart).toMatchObject({ step: 'rail', unit: 'V', low: 5, high: 15, rules: [1, 2, 3, 4], sigma_from: 'within', measured: 28 });
    expect(chart.centre).toBeCloseTo(10, 10);
    expect(chart.sigma).toBeCloseTo(SIGMA, 10);
    expect(chart.points.map((p: { report_id: number }) => p.report_id)).toEqual(reports);
    expect(chart.points[26]).toMatchObject({ serial: 'RR-26', value: 14, pass: true });
    const flags = Object.fromEntries(chart.points.flatMap((p: { rules: number[] }, i: number) => (p.rules.length ? [[i, p.rules]] : [])));
    expect(flags).toEqual(FLAGS);
  });

  it('judges the newest points against the whole scope’s σ, not the drawn points’', async () => {
    const chart = (await get(`/testprofiles/${profile}/runchart?step=rail&limit=3`)).json().data;
    expect(chart.points.map((p: { value: number }) => p.value)).toEqual([9.8, 14, 6]);
    expect(chart.sigma).toBeCloseTo(SIGMA, 10);
    // Three points alone have σ ≈ 4 and nothing beyond 3σ; against the scope's σ both ends break rule 1.
    expect(chart.points.map((p: { rules: number[] }) => p.rules)).toEqual([[], [1], [1]]);
  });

  it('lists the recent violations newest first, with the run, board and value, and narrows them by step and time', async () => {
    const res = await get(`/testprofiles/${profile}/violations`);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ runs: 100, rules: [1, 2, 3, 4] });
    expect(res.json().data).toHaveLength(1);
    const rail = res.json().data[0];
    expect(rail).toMatchObject({ step: 'rail', unit: 'V', points: 28 });
    expect(rail.violations.map((v: { report_id: number; rule: number }) => [v.report_id, v.rule])).toEqual([
      [reports[27], 1],
      [reports[26], 1],
      [reports[25], 4],
      [reports[17], 4],
      [reports[16], 4],
    ]);
    expect(rail.violations[0]).toMatchObject({ step: 'rail', serial: 'RR-27', value: 6, finished_at: '2026-12-01T08:27:00.000Z' });
    const since = (await get(`/testprofiles/${profile}/violations?since=2026-12-01T08:26:00Z&step=rail`)).json().data[0];
    expect(since.violations.map((v: { report_id: number }) => v.report_id)).toEqual([reports[27], reports[26]]);
    expect((await get(`/testprofiles/${profile}/violations?step=flash`)).json().data).toEqual([]);
    expect((await get(`/testprofiles/${profile}/violations?since=yesterday`)).statusCode).toBe(422);
  });

  it('judges by the rules chosen for the profile', async () => {
    const changed = await patch(`/testprofiles/${profile}`, { run_rules: [1] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.run_rules).toEqual([1]);
    const chart = (await get(`/testprofiles/${profile}/runchart?step=rail`)).json().data;
    expect(chart.rules).toEqual([1]);
    expect(chart.points.flatMap((p: { rules: number[] }, i: number) => (p.rules.length ? [i] : []))).toEqual([26, 27]);
    expect((await patch(`/testprofiles/${profile}`, { run_rules: [1, 2, 3, 4] })).statusCode).toBe(200);
  });
});

describe('a run chart’s scope', () => {
  // Two days, each tight around its own level: within σ = √(0.2 / 8), overall far wider.
  const DAY1 = [10, 10.2, 9.8, 10.1, 9.9];
  const DAY2 = [12, 12.2, 11.8, 12.1, 11.9];
  let profile: number;
  beforeAll(async () => {
    profile = await createProfile(t, alpha.projectId, { name: 'Scoped', version: '1' });
    await postSeries({ name: 'Scoped', version: '1' }, DAY1, '2026-12-02T08:00:00Z', 'SC1');
    await postSeries({ name: 'Scoped', version: '1' }, DAY2, '2026-12-03T08:00:00Z', 'SC2');
  });

  it('takes σ from within the subgroups, so a shift between days breaks rule 1', async () => {
    const chart = (await get(`/testprofiles/${profile}/runchart?step=rail`)).json().data;
    expect(chart.centre).toBeCloseTo(11, 10);
    expect(chart.sigma).toBeCloseTo(Math.sqrt(0.2 / 8), 10);
    expect(chart.sigma_from).toBe('within');
    // The limits come from the reports: the profile has no step of that name.
    expect(chart).toMatchObject({ low: 5, high: 15, unit: 'V' });
    expect(chart.points.every((p: { rules: number[] }) => p.rules.includes(1))).toBe(true);
  });

  it('narrowed to one day, centres on that day and flags nothing', async () => {
    const res = await get(`/testprofiles/${profile}/runchart?step=rail&from=2026-12-03&to=2026-12-03`);
    expect(res.statusCode).toBe(200);
    const chart = res.json().data;
    expect(chart.points.map((p: { value: number }) => p.value)).toEqual(DAY2);
    expect(chart.centre).toBeCloseTo(12, 10);
    expect(chart.sigma).toBeCloseTo(Math.sqrt(0.1 / 4), 10);
    expect(chart.points.some((p: { rules: number[] }) => p.rules.length)).toBe(false);
    expect((await get(`/testprofiles/${profile}/violations?from=2026-12-03&to=2026-12-03`)).json().data).toEqual([]);
  });

  it('takes the overall σ when no subgroup holds two values, and judges nothing without spread', async () => {
    const single = await createProfile(t, alpha.projectId, { name: 'Single', version: '1' });
    await postSeries({ name: 'Single', version: '1' }, [10], '2026-12-04T08:00:00Z', 'SG1');
    await postSeries({ name: 'Single', version: '1' }, [12], '2026-12-05T08:00:00Z', 'SG2');
    const chart = (await get(`/testprofiles/${single}/runchart?step=rail`)).json().data;
    expect(chart).toMatchObject({ sigma_from: 'overall', centre: 11 });
    expect(chart.sigma).toBeCloseTo(Math.SQRT2, 10);
    const flat = await createProfile(t, alpha.projectId, { name: 'Flat', version: '1' });
    await postSeries({ name: 'Flat', version: '1' }, [10, 10, 10], '2026-12-06T08:00:00Z', 'FL');
    const none = (await get(`/testprofiles/${flat}/runchart?step=rail`)).json().data;
    expect(none).toMatchObject({ centre: 10, sigma: null, sigma_from: null });
    expect(none.points.every((p: { rules: number[] }) => p.rules.length === 0)).toBe(true);
  });

  it('with every version of the name, reads the runs of each', async () => {
    const v2 = await createProfile(t, alpha.projectId, { name: 'Scoped', version: '2', copy_of: profile });
    await postSeries({ name: 'Scoped', version: '2' }, [11, 11.1], '2026-12-04T08:00:00Z', 'SCV2');
    expect((await get(`/testprofiles/${v2}/runchart?step=rail`)).json().data.points).toHaveLength(2);
    const all = (await get(`/testprofiles/${v2}/runchart?step=rail&versions=all`)).json().data;
    expect(all.points.map((p: { value: number }) => p.value)).toEqual([...DAY1, ...DAY2, 11, 11.1]);
    expect(all.measured).toBe(12);
  });

  it('narrowed to a batch, draws and judges that batch’s runs only', async () => {
    const lot = await alpha.addBatch('Run rules lot');
    const batched = await createProfile(t, alpha.projectId, { name: 'Batched', version: '1' });
    await postSeries({ name: 'Batched', version: '1' }, [10, 10.1, 9.9], '2026-12-07T08:00:00Z', 'BA1');
    for (const [i, value] of [20, 20.2, 19.8].entries()) {
      const res = await alpha.report({
        serial: `BA2-${i}`,
        production_batch_id: lot,
        test_profile: 'Batched',
        test_profile_version: '1',
        finished_at: new Date(Date.parse('2026-12-07T09:00:00Z') + i * 60_000).toISOString(),
        steps: [{ name: 'rail', value, unit: 'V', low: 5, high: 25, pass: true }],
      });
      expect(res.statusCode).toBe(201);
    }
    const chart = (await get(`/testprofiles/${batched}/runchart?step=rail&batch_id=${lot}`)).json().data;
    expect(chart.points.map((p: { serial: string }) => p.serial)).toEqual(['BA2-0', 'BA2-1', 'BA2-2']);
    expect(chart.centre).toBeCloseTo(20, 10);
    expect(chart.measured).toBe(3);
    expect((await get(`/testprofiles/${batched}/runchart?step=rail`)).json().data.measured).toBe(6);
  });

  it('refuses a query it cannot read, field by field', async () => {
    for (const query of ['', 'step=rail&limit=1', 'step=rail&limit=501', 'step=rail&versions=some', 'step=rail&from=12/03/2026']) {
      const res = await get(`/testprofiles/${profile}/runchart?${query}`);
      expect(res.statusCode, query).toBe(422);
    }
  });
});

describe('a profile’s run rules', () => {
  it('start as the Western Electric rules, may be chosen at creation and are copied to a new version', async () => {
    const plain = await post(`/projects/${alpha.projectId}/testprofiles`, { name: 'Choice', version: '1' });
    expect(plain.json().data.run_rules).toEqual([1, 2, 3, 4]);
    const chosen = await post(`/projects/${alpha.projectId}/testprofiles`, { name: 'Choice', version: '2', run_rules: [8, 1, 5] });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().data.run_rules).toEqual([1, 5, 8]);
    const copy = await post(`/projects/${alpha.projectId}/testprofiles`, { version: '3', copy_of: chosen.json().data.id });
    expect(copy.json().data).toMatchObject({ name: 'Choice', run_rules: [1, 5, 8], copied_from_id: chosen.json().data.id });
    const overridden = await post(`/projects/${alpha.projectId}/testprofiles`, { version: '4', copy_of: chosen.json().data.id, run_rules: [] });
    expect(overridden.json().data.run_rules).toEqual([]);
  });

  it('change on any version, archived too: how charts judge runs, not what the jig runs', async () => {
    const id = await createProfile(t, alpha.projectId, { name: 'Monitored', version: '1' });
    await addStep(t, id, { name: 'rail' });
    expect((await post(`/testprofiles/${id}/active`)).statusCode).toBe(200);
    expect((await patch(`/testprofiles/${id}`, { run_rules: [1, 2, 3, 4, 5, 6, 7, 8] })).json().data).toMatchObject({ status: 'active', run_rules: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect((await patch(`/testprofiles/${id}`, { status: 'archived' })).statusCode).toBe(200);
    expect((await patch(`/testprofiles/${id}`, { run_rules: [2] })).json().data).toMatchObject({ status: 'archived', run_rules: [2] });
    // The rest of an archived version stays read-only, and a refused change keeps the rules.
    expect((await patch(`/testprofiles/${id}`, { run_rules: [3], description: 'x' })).statusCode).toBe(409);
    expect((await get(`/testprofiles/${id}`)).json().data.run_rules).toEqual([2]);
  });

  it('refuses rules that are not 1–8, repeated ones and anything not a list, on the field', async () => {
    const id = await createProfile(t, alpha.projectId, { name: 'Refusals', version: '1' });
    for (const [body, field] of [
      [{ run_rules: [0] }, 'run_rules.0'],
      [{ run_rules: [1, 9] }, 'run_rules.1'],
      [{ run_rules: [1.5] }, 'run_rules.0'],
      [{ run_rules: ['1'] }, 'run_rules.0'],
      [{ run_rules: [1, 1] }, 'run_rules'],
      [{ run_rules: 'all' }, 'run_rules'],
      [{ run_rules: null }, 'run_rules'],
    ] as const) {
      const res = await patch(`/testprofiles/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    const created = await post(`/projects/${alpha.projectId}/testprofiles`, { name: 'Refusals', version: '2', run_rules: [4, 4] });
    expect(created.statusCode).toBe(422);
    expect(Object.keys(created.json().errors)).toEqual(['run_rules']);
    expect((await get(`/testprofiles/${id}`)).json().data.run_rules).toEqual([1, 2, 3, 4]);
  });

  it('are changed by the project’s editors only; the charts are read by anyone who reads the profile', async () => {
    const id = await createProfile(t, alpha.projectId, { name: 'Access', version: '1' });
    expect((await patch(`/testprofiles/${id}`, { run_rules: [1] }, 'alpha-operator')).statusCode).toBe(403);
    expect((await patch(`/testprofiles/${id}`, { run_rules: [1] }, 'alpha-viewer')).statusCode).toBe(403);
    expect((await patch(`/testprofiles/${id}`, { run_rules: [1] }, 'beta-admin')).statusCode).toBe(404);
    expect((await get(`/testprofiles/${id}/runchart?step=rail`, 'alpha-operator')).statusCode).toBe(200);
    expect((await get(`/testprofiles/${id}/violations`, 'alpha-viewer')).statusCode).toBe(200);
    expect((await get(`/testprofiles/${id}/runchart?step=rail`, 'beta-admin')).statusCode).toBe(404);
    expect((await get(`/testprofiles/${id}/violations`, 'beta-viewer')).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/testprofiles/${id}/violations`, {})).statusCode).toBe(401);
  });
});
