import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillPassYields } from '../../server/db/migrations/014_pass_yields';
import { recompute } from '../../server/seed/recompute';
import { batchCounters, createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * First-, second- and last-pass yield on a batch, a project and in /statistics, on a
 * hand-built project whose figures are worked out below by hand. A run is an attempt whatever
 * its result, counted in the order the reports were stored (as first pass is decided).
 *
 * Batch A (one jig, days 1-3):
 *   A1 pass                       first, second, last
 *   A2 fail, pass                 second, last
 *   A3 fail, error, pass          last (passed on its third attempt: the error was the second)
 *   A4 fail, fail, fail           none
 *   A5 pass, fail                 first, second (its latest verdict is a fail: not last)
 *   A6 error (day 2)              tested, none (no verdict yet)
 * Batch B:
 *   B1 fail, pass (day 2)         second, last
 *   B2 fail (day 3)               none
 *   B3 fail stored first with a day-3 clock, then pass with a day-1 clock: a late report is a
 *      later attempt whatever its clock, so second and last, first tested on day 3
 *
 * A: tested 6, first 2, second 3, last 3.   B: tested 3, first 0, second 2, last 2.
 * Project: tested 9, first 2, second 5, last 5.
 * By the day of the first test (the cohort over a range): day 1 A1-A5 (5: 2, 3, 3),
 * day 2 A6, B1 (2: 0, 1, 1), day 3 B2, B3 (2: 0, 1, 1).
 */

let t: TestApp;
let p: Production;
let batchB: number;
const ids: Record<string, number> = {};
const on = (day: number) => `2024-03-0${day}T12:00:00.000Z`;

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Pass yields' });
  batchB = await p.addBatch('Lot B');
  const runs: [string, 'pass' | 'fail' | 'error', number, number?][] = [
    ['A1', 'pass', 1],
    ['A2', 'fail', 1],
    ['A3', 'fail', 1],
    ['A4', 'fail', 1],
    ['A5', 'pass', 1],
    ['A2', 'pass', 2],
    ['A3', 'error', 2],
    ['A4', 'fail', 2],
    ['A5', 'fail', 2],
    ['A6', 'error', 2],
    ['B1', 'fail', 2, batchB],
    ['B1', 'pass', 2],
    ['A3', 'pass', 3],
    ['A4', 'fail', 3],
    ['B2', 'fail', 3, batchB],
    ['B3', 'fail', 3, batchB],
    ['B3', 'pass', 1],
  ];
  for (const [serial, result, day, batch] of runs) {
    const res = await p.report({ serial, result, finished_at: on(day), ...(batch && { production_batch_id: batch }) });
    expect(res.statusCode, res.body).toBe(201);
    ids[serial] = res.json().data.device_id;
  }
});
afterAll(() => t?.close());

const get = async (url: string) => {
  const res = await t.call('GET', url, { as: 'alpha-viewer' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const yields = (tested: number, first: number, second: number, last: number) => ({
  first_pass_yield: tested ? first / tested : null,
  second_pass_yield: tested ? second / tested : null,
  last_pass_yield: tested ? last / tested : null,
});

async function expectFigures(a: [number, number, number, number], b: [number, number, number, number]) {
  for (const [batch, [tested, first, second, last]] of [[p.batchId, a], [batchB, b]] as const) {
    expect(await get(`/v1/productionbatches/${batch}`)).toMatchObject({
      tested_count: tested,
      first_pass_count: first,
      second_pass_count: second,
      last_pass_count: last,
      ...yields(tested, first, second, last),
    });
    expect(await get(`/v1/batch/${batch}/firstpasses`)).toEqual({
      batch_id: batch,
      tested,
      first_pass: first,
      second_pass: second,
      last_pass: last,
      ...yields(tested, first, second, last),
    });
    const counters = await batchCounters(t, batch);
    expect(counters.stored).toEqual(counters.recounted);
  }
  const sum = a.map((n, i) => n + b[i]!) as [number, number, number, number];
  expect(await get(`/v1/projects/${p.projectId}/yields`)).toEqual({
    project_id: p.projectId,
    batches: 2,
    tested: sum[0],
    first_passes: sum[1],
    second_passes: sum[2],
    last_passes: sum[3],
    ...yields(...sum),
  });
}

const statistics = (query = '') =>
  get(`/v1/companies/${t.companyIds.alpha}/statistics?from=2024-03-01&to=2024-03-03&project_id=${p.projectId}${query}`);
const projectStatistics = () =>
  get(`/v1/companies/${t.companyIds.alpha}/statistics/projects?from=2024-03-01&to=2024-03-03&project_id=${p.projectId}`);

describe('first-, second- and last-pass yield', () => {
  it('on the batch and the project, from the maintained counters', async () => {
    await expectFigures([6, 2, 3, 3], [3, 0, 2, 2]);
  });

  it('over time in /statistics, by the day of each board first test', async () => {
    const { series } = await statistics();
    const cohort = (first_tests: number, first_passes: number, second_passes: number, last_passes: number) => ({
      first_tests,
      first_passes,
      second_passes,
      last_passes,
      ...yields(first_tests, first_passes, second_passes, last_passes),
    });
    expect(series[0]).toMatchObject({ date: '2024-03-01', reports: 6, ...cohort(5, 2, 3, 3) });
    expect(series[1]).toMatchObject({ date: '2024-03-02', reports: 7, ...cohort(2, 0, 1, 1) });
    expect(series[2]).toMatchObject({ date: '2024-03-03', reports: 4, ...cohort(2, 0, 1, 1) });
    // A week sums its days: the project's figures when the range holds every first test.
    const week = await statistics('&bucket=week');
    expect(week.series).toHaveLength(1);
    expect(week.series[0]).toMatchObject(cohort(9, 2, 5, 5));
    // A jig narrows to the boards first tested on it: here all of them.
    expect((await statistics(`&enclosure_id=${p.jig.id}`)).series[0]).toMatchObject(cohort(5, 2, 3, 3));
  });

  it('per project and batch in /statistics/projects', async () => {
    const [project] = await projectStatistics();
    expect(project).toMatchObject({ project_id: p.projectId, first_tests: 9, first_passes: 2, second_passes: 5, last_passes: 5, ...yields(9, 2, 5, 5) });
    expect(project.batches).toEqual([
      expect.objectContaining({ batch_id: p.batchId, first_tests: 6, first_passes: 2, second_passes: 3, last_passes: 3, ...yields(6, 2, 3, 3) }),
      expect.objectContaining({ batch_id: batchB, first_tests: 3, first_passes: 0, second_passes: 2, last_passes: 2, ...yields(3, 0, 2, 2) }),
    ]);
  });

  it('follows corrections: a scrapped board is no last pass, a moved board takes its figures along', async () => {
    // A2 (second and last pass, first tested on day 1) is scrapped; B1 (second and last, day 2) moves to A.
    const scrap = await t.call('PATCH', `/v1/manage/devices/${ids.A2}`, { as: 'root', body: { status: 'scrapped' } });
    expect(scrap.statusCode, scrap.body).toBe(200);
    const move = await t.call('PATCH', `/v1/manage/devices/${ids.B1}`, { as: 'root', body: { production_batch_id: p.batchId } });
    expect(move.statusCode, move.body).toBe(200);
    await expectFigures([7, 2, 4, 3], [2, 0, 1, 1]);
    const { series } = await statistics();
    expect(series[0]).toMatchObject({ first_tests: 5, second_passes: 3, last_passes: 2 });
    expect(series[1]).toMatchObject({ first_tests: 2, second_passes: 1, last_passes: 1 });
    const [project] = await projectStatistics();
    expect(project.batches.map((b: { second_passes: number; last_passes: number }) => [b.second_passes, b.last_passes])).toEqual([[4, 3], [1, 1]]);
  });

  it('a recompute from the stored reports, and the migration back-fill, give what ingestion gave', async () => {
    const snapshot = async () => ({
      devices: await t.db.selectFrom('devices').where('project_id', '=', p.projectId).select(['serial', 'pass_attempt', 'first_pass', 'status']).orderBy('serial').execute(),
      batches: await t.db.selectFrom('production_batches').where('project_id', '=', p.projectId).selectAll().orderBy('id').execute(),
      daily: await t.db.selectFrom('report_daily_stats').where('project_id', '=', p.projectId).selectAll().orderBy('production_batch_id').orderBy('day').execute(),
      slices: await t.db
        .selectFrom('report_daily_slices')
        .where('project_id', '=', p.projectId)
        .selectAll()
        .orderBy('production_batch_id')
        .orderBy('day')
        .orderBy('enclosure_id')
        .execute(),
    });
    // Rows a moved board left empty are kept by ingestion and not made by a recompute: compare the others.
    const withCounts = async () => {
      const s = await snapshot();
      return { ...s, daily: s.daily.filter((r) => Number(r.reports) > 0), slices: s.slices.filter((r) => Number(r.reports) > 0) };
    };
    const ingested = await withCounts();
    expect(ingested.devices.find((d) => d.serial === 'A3')).toMatchObject({ pass_attempt: 3, first_pass: 0 });
    expect(ingested.devices.find((d) => d.serial === 'B3')).toMatchObject({ pass_attempt: 2, first_pass: 0 });

    await recompute(t.db, { projectIds: [p.projectId] });
    expect(await withCounts()).toEqual(ingested);

    await t.db.updateTable('devices').set({ pass_attempt: null }).where('project_id', '=', p.projectId).execute();
    await t.db.updateTable('production_batches').set({ second_pass_count: 0, last_pass_count: 0 }).where('project_id', '=', p.projectId).execute();
    for (const table of ['report_daily_stats', 'report_daily_slices'] as const) {
      await t.db.updateTable(table).set({ second_passes: 0, last_passes: 0 }).where('project_id', '=', p.projectId).execute();
    }
    await backfillPassYields(t.db);
    expect(await withCounts()).toEqual(ingested);
  });
});
