import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJig, createProduction, postReport, reportBody, type Jig, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The statistics filters (jig, test profile and version, failing step) on the
 * daily slices, on whichever database TEST_DB names.
 */

let t: TestApp;
let p: Production;
let other: Production;
let lot2: number;
let j1: Jig;
let j2: Jig;
let betaJig: Jig;
const ids: Record<string, number> = {};

const DAY1 = '2024-03-04'; // a Monday
const DAY2 = '2024-03-05';
const on = (day: string) => `${day}T10:00:00.000Z`;
const fails = (...names: string[]) => names.map((name) => ({ name, pass: false }));

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Filters One' });
  other = await createProduction(t, 'alpha', { project: 'Filters Two' });
  lot2 = await p.addBatch('Lot 2');
  j1 = p.jig;
  j2 = await createJig(t, t.companyIds.alpha, { name: 'Bench B' });
  betaJig = await createJig(t, t.companyIds.beta);
  const post = async (
    jig: Jig,
    fields: { serial: string; batch: number; profile?: string; version?: string; result: 'pass' | 'fail' | 'error'; day: string; steps?: { name: string; pass: boolean }[] },
    project = p,
  ) => {
    const res = await postReport(
      t,
      jig,
      reportBody({
        serial: fields.serial,
        project_id: project.projectId,
        production_batch_id: fields.batch,
        result: fields.result,
        finished_at: on(fields.day),
        test_profile: fields.profile,
        test_profile_version: fields.version,
        steps: fields.steps ?? [],
      }),
    );
    expect(res.statusCode).toBe(201);
    ids[fields.serial] = res.json().data.device_id;
  };
  await post(j1, { serial: 'A1', batch: p.batchId, profile: 'EOL', version: '1', result: 'pass', day: DAY1 });
  await post(j1, { serial: 'A2', batch: p.batchId, profile: 'EOL', version: '1', result: 'fail', day: DAY1, steps: fails('vcc') });
  await post(j2, { serial: 'A2', batch: p.batchId, profile: 'EOL', version: '2', result: 'pass', day: DAY2 });
  await post(j2, { serial: 'B1', batch: lot2, profile: 'EOL', version: '2', result: 'fail', day: DAY2, steps: fails('vcc', 'led') });
  await post(j2, { serial: 'B2', batch: lot2, profile: 'ICT', result: 'fail', day: DAY2, steps: fails('short') });
  await post(j1, { serial: 'B3', batch: lot2, profile: 'EOL', version: '2', result: 'error', day: DAY2 });
  await post(other.jig, { serial: 'C1', batch: other.batchId, profile: 'EOL', version: '1', result: 'fail', day: DAY1, steps: fails('vcc') }, other);
});
afterAll(() => t?.close());

const stats = (query: string, as = 'alpha-viewer') =>
  t.call('GET', `/v1/companies/${t.companyIds.alpha}/statistics?from=${DAY1}&to=${DAY2}&${query}`, { as });
const perProject = (query: string, as = 'alpha-viewer') =>
  t.call('GET', `/v1/companies/${t.companyIds.alpha}/statistics/projects?from=${DAY1}&to=${DAY2}&${query}`, { as });
const counts = (point: Record<string, unknown>) =>
  [point.reports, point.passed, point.failed, point.errors, point.first_tests, point.first_passes];

describe('statistics filtered by jig, test profile and failing step', () => {
  it('counts only the runs of one jig, first tests included', async () => {
    const res = await stats(`project_id=${p.projectId}&enclosure_id=${j2.id}`);
    expect(res.statusCode).toBe(200);
    const { series, failing_steps } = res.json().data;
    expect(series.map(counts)).toEqual([
      [0, 0, 0, 0, 0, 0],
      // A2's retest, B1 and B2: the two boards first tested on this jig.
      [3, 1, 2, 0, 2, 0],
    ]);
    expect(failing_steps.map((s: { name: string; failures: number }) => [s.name, s.failures])).toEqual([
      ['led', 1],
      ['short', 1],
      ['vcc', 1],
    ]);
  });

  it('counts only the runs of one test profile, or of one version of it', async () => {
    const profile = (await stats(`project_id=${p.projectId}&test_profile=EOL`)).json().data;
    expect(profile.series.map(counts)).toEqual([
      [2, 1, 1, 0, 2, 1],
      [3, 1, 1, 1, 2, 0],
    ]);
    const version = (await stats(`project_id=${p.projectId}&test_profile=EOL&test_profile_version=2`)).json().data;
    expect(version.series.map(counts)).toEqual([
      [0, 0, 0, 0, 0, 0],
      [3, 1, 1, 1, 2, 0],
    ]);
    const nobody = (await stats(`test_profile=${encodeURIComponent('Never used')}`)).json().data;
    expect(nobody.series.every((point: { reports: number }) => point.reports === 0)).toBe(true);
    expect(nobody.failing_steps).toEqual([]);
  });

  it('adds, for a failing step, the runs that failed it beside every point, and names its projects', async () => {
    const data = (await stats('step=vcc')).json().data;
    expect(data.series.map((point: { reports: number; step_failures: number }) => [point.reports, point.step_failures])).toEqual([
      [3, 2],
      [4, 1],
    ]);
    // The Pareto is the list a step is chosen from: the step filter leaves it whole.
    expect(data.failing_steps[0]).toEqual({ name: 'vcc', failures: 3, share: 3 / 5, project_ids: [p.projectId, other.projectId] });
    const week = (await stats(`step=vcc&bucket=week&enclosure_id=${j1.id}`)).json().data;
    expect(week.series).toHaveLength(1);
    expect(week.series[0]).toMatchObject({ date: DAY1, reports: 3, step_failures: 1 });
    // Without a step, no such figure.
    expect((await stats('')).json().data.series[0]).not.toHaveProperty('step_failures');
  });

  it('offers what reported in the range as choices, whatever the other filters', async () => {
    const { choices } = (await stats(`enclosure_id=${j1.id}&test_profile=ICT&step=led`)).json().data;
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect([...choices.jigs].sort(byId)).toEqual(
      [
        { id: j1.id, name: j1.name, registered_name: j1.name, serial: j1.serial },
        { id: j2.id, name: 'Bench B', registered_name: 'Bench B', serial: j2.serial },
        { id: other.jig.id, name: other.jig.name, registered_name: other.jig.name, serial: other.jig.serial },
      ].sort(byId),
    );
    expect(choices.jigs[0].name).toBe('Bench B'); // by name
    expect(choices.test_profiles).toEqual([
      { name: 'EOL', version: '1' },
      { name: 'EOL', version: '2' },
      { name: 'ICT', version: null },
    ]);
    expect(choices.steps).toEqual(['led', 'short', 'vcc']);
    const oneProject = (await stats(`project_id=${other.projectId}`)).json().data.choices;
    expect(oneProject).toEqual({ jigs: [{ id: other.jig.id, name: other.jig.name, registered_name: other.jig.name, serial: other.jig.serial }], test_profiles: [{ name: 'EOL', version: '1' }], steps: ['vcc'] });
  });

  it('gives the yield per project and batch with the same filters, and a step’s failing runs per batch', async () => {
    const res = await perProject(`project_id=${p.projectId}&step=vcc`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        project_id: p.projectId,
        project_name: 'Filters One',
        reports: 6,
        first_tests: 5,
        first_passes: 1,
        first_pass_yield: 0.2,
        // A1 passed at once, A2 on its second run; Lot 2's boards have not passed.
        second_passes: 2,
        last_passes: 2,
        second_pass_yield: 0.4,
        last_pass_yield: 0.4,
        step_failures: 2,
        batches: [
          { batch_id: p.batchId, batch_name: 'Lot 1', reports: 3, first_tests: 2, first_passes: 1, first_pass_yield: 0.5, second_passes: 2, last_passes: 2, second_pass_yield: 1, last_pass_yield: 1, step_failures: 1 },
          { batch_id: lot2, batch_name: 'Lot 2', reports: 3, first_tests: 3, first_passes: 0, first_pass_yield: 0, second_passes: 0, last_passes: 0, second_pass_yield: 0, last_pass_yield: 0, step_failures: 1 },
        ],
      },
    ]);
    const jig = (await perProject(`project_id=${p.projectId}&enclosure_id=${j1.id}&test_profile=EOL`)).json().data[0];
    expect(jig.batches.map((b: { reports: number; first_tests: number }) => [b.reports, b.first_tests])).toEqual([
      [2, 2],
      [1, 1],
    ]);
    expect(jig).not.toHaveProperty('step_failures');
  });

  it('answers 422 on the filter that is wrong, naming no other company’s jig', async () => {
    const cases: [string, string][] = [
      [`enclosure_id=${betaJig.id}`, 'enclosure_id'],
      ['enclosure_id=999999', 'enclosure_id'],
      ['enclosure_id=abc', 'enclosure_id'],
      ['test_profile=', 'test_profile'],
      ['test_profile_version=2', 'test_profile_version'],
      [`step=${'x'.repeat(201)}`, 'step'],
    ];
    for (const [query, key] of cases) {
      for (const call of [stats, perProject]) {
        const res = await call(query);
        expect(res.statusCode, query).toBe(422);
        expect(Object.keys(res.json().errors), query).toEqual([key]);
      }
    }
    const beta = await stats(`enclosure_id=${betaJig.id}`);
    expect(beta.json().errors.enclosure_id).toEqual(['There is no such jig in this company.']);
  });

  it('hides a company’s filtered statistics from another company with 404, shows them to a superadmin', async () => {
    const query = `enclosure_id=${j1.id}&test_profile=EOL&step=vcc`;
    expect((await stats(query, 'beta-admin')).statusCode).toBe(404);
    expect((await perProject(query, 'beta-admin')).statusCode).toBe(404);
    expect((await stats(query, 'root')).statusCode).toBe(200);
    // Beta's own statistics with alpha's jig: a jig of another company is no filter of beta's.
    const cross = await t.call('GET', `/v1/companies/${t.companyIds.beta}/statistics?enclosure_id=${j1.id}`, { as: 'beta-admin' });
    expect(cross.statusCode).toBe(422);
  });

  it('lists the boards that failed a step, where a failing step of the statistics leads', async () => {
    const devices = (query: string, as = 'alpha-viewer') => t.call('GET', `/v1/projects/${p.projectId}/devices?sortby=serial&${query}`, { as });
    const serials = (res: { json: () => { data: { serial: string }[] } }) => res.json().data.map((d) => d.serial);
    const all = await devices('failing_step=vcc');
    expect(all.statusCode).toBe(200);
    // A2 passed its retest since: it failed the step all the same.
    expect(serials(all)).toEqual(['A2', 'B1']);
    expect(all.json().meta.total).toBe(2);
    expect(serials(await devices(`failing_step=vcc&production_batch_id=${lot2}`))).toEqual(['B1']);
    expect(serials(await devices('failing_step=led&status=failed'))).toEqual(['B1']);
    expect(serials(await devices('failing_step=power'))).toEqual([]);
    // The other project's board failed it too, and stays in its own project.
    expect(serials(await t.call('GET', `/v1/projects/${other.projectId}/devices?failing_step=vcc`, { as: 'alpha-viewer' }))).toEqual(['C1']);
    const csv = await devices('failing_step=vcc&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split(/\r?\n/).slice(1).map((line) => line.split(',')[0])).toEqual(['A2', 'B1']);
    const empty = await devices('failing_step=');
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['failing_step']);
    expect((await devices('failing_step=vcc', 'beta-admin')).statusCode).toBe(404);
  });

  it('moves a board’s runs with it when it changes batch, filters and step figures included', async () => {
    const move = await t.call('PATCH', `/v1/manage/devices/${ids.A2}`, { as: 'root', body: { production_batch_id: lot2 } });
    expect(move.statusCode).toBe(200);
    const [project] = (await perProject(`project_id=${p.projectId}&step=vcc`)).json().data;
    expect(project.batches.map((b: { reports: number; first_tests: number; step_failures: number }) => [b.reports, b.first_tests, b.step_failures])).toEqual([
      [1, 1, 0],
      [5, 4, 2],
    ]);
    const j2Only = (await perProject(`project_id=${p.projectId}&enclosure_id=${j2.id}`)).json().data[0];
    expect(j2Only.batches.map((b: { reports: number }) => b.reports)).toEqual([0, 3]);
    // The whole company's figures are unchanged by the move.
    expect((await stats('step=vcc')).json().data.series.map((point: { reports: number; step_failures: number }) => [point.reports, point.step_failures])).toEqual([
      [3, 2],
      [4, 1],
    ]);
  });
});
