import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let s1: Production;
let s2: Production;
let s3: Production;

const step = (name: string, pass: boolean) => ({ name, pass });

beforeAll(async () => {
  t = await createTestApp();
  s1 = await createProduction(t, 'alpha', { project: 'Stats One' });
  s2 = await createProduction(t, 'alpha', { project: 'Stats Two' });
  s3 = await createProduction(t, 'alpha', { project: 'Stats Three' });
  const beta = await createProduction(t, 'beta', { project: 'Stats Beta' });
  const on = (day: string) => `${day}T12:00:00.000Z`;
  // 2024-01-01 is a Monday.
  await s1.report({ serial: 'D1', result: 'pass', finished_at: on('2024-01-01'), steps: [step('vcc', true)] });
  await s1.report({ serial: 'D2', result: 'fail', finished_at: on('2024-01-01'), steps: [step('vcc', false)] });
  await s1.report({ serial: 'D2', result: 'pass', finished_at: on('2024-01-01'), steps: [step('vcc', true)] });
  await s1.report({ serial: 'D3', result: 'error', finished_at: on('2024-01-03'), steps: [] });
  await s1.report({ serial: 'D4', result: 'fail', finished_at: on('2024-01-03'), steps: [step('vcc', false), step('led', false)] });
  await s1.report({ serial: 'D5', result: 'pass', finished_at: on('2024-01-08'), steps: [] });
  await s2.report({ serial: 'E1', result: 'fail', finished_at: on('2024-01-02'), steps: [step('flash', false)] });
  const many = Array.from({ length: 20 }, (_, i) => step(`step-${String(i).padStart(2, '0')}`, false));
  await s3.report({ serial: 'F1', result: 'fail', finished_at: on('2024-02-01'), steps: many });
  await beta.report({ serial: 'B1', result: 'fail', finished_at: on('2024-01-01'), steps: [step('secret-step', false)] });
});
afterAll(() => t?.close());

const stats = (query: string, as = 'alpha-viewer') => t.call('GET', `/v1/companies/${t.companyIds.alpha}/statistics?${query}`, { as });
const zero = {
  reports: 0, passed: 0, failed: 0, errors: 0, first_tests: 0, first_passes: 0, pass_rate: null, first_pass_yield: null,
  second_passes: 0, last_passes: 0, second_pass_yield: null, last_pass_yield: null,
};
/** Second- and last-pass counts and yields of the boards first tested in a bucket (contract/figures.ts). */
const later = (second_passes: number, last_passes: number, tested: number) => ({
  second_passes, last_passes, second_pass_yield: tested ? second_passes / tested : null, last_pass_yield: tested ? last_passes / tested : null,
});

describe('GET /v1/companies/:id/statistics', () => {
  it('gives a zero-filled daily series and the failing steps with their share', async () => {
    const res = await stats('from=2024-01-01&to=2024-01-09');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ from: '2024-01-01', to: '2024-01-09', bucket: 'day' });
    expect(data.series.map((p: { date: string }) => p.date)).toEqual([
      '2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-06', '2024-01-07', '2024-01-08', '2024-01-09',
    ]);
    expect(data.series[0]).toEqual({ date: '2024-01-01', reports: 3, passed: 2, failed: 1, errors: 0, first_tests: 2, first_passes: 1, pass_rate: 2 / 3, first_pass_yield: 0.5, ...later(2, 2, 2) });
    expect(data.series[1]).toEqual({ date: '2024-01-02', reports: 1, passed: 0, failed: 1, errors: 0, first_tests: 1, first_passes: 0, pass_rate: 0, first_pass_yield: 0, ...later(0, 0, 1) });
    expect(data.series[2]).toMatchObject({ reports: 2, failed: 1, errors: 1, first_tests: 2, first_passes: 0 });
    expect(data.series[3]).toEqual({ date: '2024-01-04', ...zero });
    expect(data.failing_steps).toEqual([
      { name: 'vcc', failures: 2, share: 0.5, project_ids: [s1.projectId] },
      { name: 'flash', failures: 1, share: 0.25, project_ids: [s2.projectId] },
      { name: 'led', failures: 1, share: 0.25, project_ids: [s1.projectId] },
    ]);
  });

  it('sums ISO weeks starting on Monday', async () => {
    const res = await stats('from=2024-01-03&to=2024-01-09&bucket=week');
    const { series } = res.json().data;
    expect(series).toEqual([
      { date: '2024-01-01', reports: 2, passed: 0, failed: 1, errors: 1, first_tests: 2, first_passes: 0, pass_rate: 0, first_pass_yield: 0, ...later(0, 0, 2) },
      { date: '2024-01-08', reports: 1, passed: 1, failed: 0, errors: 0, first_tests: 1, first_passes: 1, pass_rate: 1, first_pass_yield: 1, ...later(1, 1, 1) },
    ]);
  });

  it('narrows to one project', async () => {
    const res = await stats(`from=2024-01-01&to=2024-01-02&project_id=${s2.projectId}`);
    const data = res.json().data;
    expect(data.series.map((p: { reports: number }) => p.reports)).toEqual([0, 1]);
    expect(data.failing_steps).toEqual([{ name: 'flash', failures: 1, share: 1, project_ids: [s2.projectId] }]);
  });

  it('keeps the top 15 failing steps, shares over all failures', async () => {
    const res = await stats('from=2024-02-01&to=2024-02-01');
    const steps = res.json().data.failing_steps;
    expect(steps).toHaveLength(15);
    expect(steps[0]).toEqual({ name: 'step-00', failures: 1, share: 1 / 20, project_ids: [s3.projectId] });
    expect(steps[14].name).toBe('step-14');
  });

  it('defaults to the last 30 days', async () => {
    const { data } = (await stats('')).json();
    expect(data.series).toHaveLength(30);
    expect(data.to).toBe(new Date().toISOString().slice(0, 10));
  });

  it('answers 422 for a reversed or too long range, bad dates, bucket and project', async () => {
    const beta = await t.call('GET', `/v1/companies/${t.companyIds.beta}/projects`, { as: 'root' });
    const cases: [string, string][] = [
      ['from=2024-02-01&to=2024-01-01', 'from'],
      ['from=2023-01-01&to=2024-02-05', 'from'],
      ['from=2024-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['bucket=month', 'bucket'],
      [`project_id=${beta.json().data[0].id}`, 'project_id'],
    ];
    for (const [query, key] of cases) {
      const res = await stats(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([key]);
    }
    expect((await stats('from=2023-01-01&to=2024-02-04')).statusCode).toBe(200); // 400 days
  });

  it('hides the company from others with 404, shows it to superadmins, needs a login', async () => {
    expect((await stats('', 'beta-admin')).statusCode).toBe(404);
    expect((await stats('from=2024-01-01&to=2024-01-01', 'root')).json().data.series[0].reports).toBe(3);
    expect((await t.call('GET', `/v1/companies/${t.companyIds.alpha}/statistics`)).statusCode).toBe(401);
  });
});

describe('GET /v1/companies/:id/statistics/projects', () => {
  it('gives first-pass yield per project and batch over the range', async () => {
    const res = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/statistics/projects/?from=2024-01-01&to=2024-01-09`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        project_id: s1.projectId,
        project_name: 'Stats One',
        reports: 6,
        first_tests: 5,
        first_passes: 2,
        first_pass_yield: 0.4,
        ...later(3, 3, 5),
        batches: [{ batch_id: s1.batchId, batch_name: 'Lot 1', reports: 6, first_tests: 5, first_passes: 2, first_pass_yield: 0.4, ...later(3, 3, 5) }],
      },
      {
        project_id: s3.projectId,
        project_name: 'Stats Three',
        reports: 0,
        first_tests: 0,
        first_passes: 0,
        first_pass_yield: null,
        ...later(0, 0, 0),
        batches: [{ batch_id: s3.batchId, batch_name: 'Lot 1', reports: 0, first_tests: 0, first_passes: 0, first_pass_yield: null, ...later(0, 0, 0) }],
      },
      {
        project_id: s2.projectId,
        project_name: 'Stats Two',
        reports: 1,
        first_tests: 1,
        first_passes: 0,
        first_pass_yield: 0,
        ...later(0, 0, 1),
        batches: [{ batch_id: s2.batchId, batch_name: 'Lot 1', reports: 1, first_tests: 1, first_passes: 0, first_pass_yield: 0, ...later(0, 0, 1) }],
      },
    ]);
  });

  it('checks the range and hides other companies', async () => {
    const reversed = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/statistics/projects?from=2024-02-01&to=2024-01-01`, { as: 'alpha-viewer' });
    expect(reversed.statusCode).toBe(422);
    expect(Object.keys(reversed.json().errors)).toEqual(['from']);
    expect((await t.call('GET', `/v1/companies/${t.companyIds.alpha}/statistics/projects`, { as: 'beta-viewer' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/companies/${t.companyIds.alpha}/statistics/projects`)).statusCode).toBe(401);
  });
});
