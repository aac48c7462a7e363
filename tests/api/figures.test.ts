import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCount } from '../../server/db/dialect';
import { createProduction, repairCounters, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Numbers that agree: a batch's yield is its passed boards over its tested boards,
 * the same tested boards its first-pass yield divides by, in every answer that shows them
 * (docs/architecture.md "Figures"; contract/figures.ts).
 */
let t: TestApp;
let p: Production;
let other: number;

const at = (minute: number) => new Date(Date.UTC(2024, 5, 3, 10, minute)).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Figures' });
  other = await p.addBatch('Lot other');
  const runs: [string, ('pass' | 'fail' | 'error')[]][] = [
    ['F-PASS-1', ['pass']],
    ['F-PASS-2', ['pass']],
    ['F-PASS-3', ['pass']],
    ['F-RETEST', ['fail', 'pass']], // passed, not at the first run
    ['F-ERR-PASS', ['error', 'pass']], // a first run that errored is no first pass
    ['F-FAIL', ['fail', 'fail']],
    ['F-ERR-ONLY', ['error', 'error']], // tested, no verdict: status untested
    ['F-SCRAP', ['fail']], // scrapped below
    ['F-SHIP', ['pass']], // released below
  ];
  let minute = 0;
  for (const [serial, results] of runs) {
    for (const result of results) {
      const res = await p.report({ serial, result, finished_at: at(minute++) });
      if (res.statusCode !== 201) throw new Error(`${serial}: ${res.statusCode} ${res.body}`);
    }
  }
  await p.report({ serial: 'F-OTHER', result: 'fail', production_batch_id: other, finished_at: at(minute) });
  // A board registered but never run: neither tested nor passed.
  const now = new Date().toISOString();
  await t.db
    .insertInto('devices')
    .values({ project_id: p.projectId, production_batch_id: p.batchId, serial: 'F-NEVER', serial_key: 'f-never', created_at: now, updated_at: now })
    .execute();
  await repairCounters(t, p.projectId);

  const device = async (serial: string) =>
    (await t.db.selectFrom('devices').where('serial', '=', serial).select('id').executeTakeFirstOrThrow()).id;
  const scrap = await t.call('PATCH', `/v1/manage/devices/${await device('F-SCRAP')}`, { as: 'root', body: { status: 'scrapped' } });
  expect(scrap.statusCode).toBe(200);
  const release = await t.call('POST', `/v1/projects/${p.projectId}/releasebatches`, { as: 'alpha-engineer', body: { name: 'Ship 1' } });
  const shipped = await t.call('PATCH', `/v1/releasebatches/${release.json().data.id}/update`, {
    as: 'alpha-engineer',
    body: { add: [await device('F-SHIP')], release: true },
  });
  expect(shipped.json().data).toMatchObject({ added: 1, released: 1 });
});
afterAll(() => t?.close());

/** What the figures must be, counted from the rows themselves rather than the counters. */
async function recount(batchId: number) {
  const { rows } = await sql<{ tested: unknown; passed: unknown; first_passes: unknown }>`
    select
      sum(case when report_count > 0 then 1 else 0 end) as tested,
      sum(case when status in ('passed', 'released') then 1 else 0 end) as passed,
      sum(case when first_pass = 1 then 1 else 0 end) as first_passes
    from devices where production_batch_id = ${batchId}`.execute(t.db);
  const r = rows[0];
  return { tested: toCount(r.tested as string), passed: toCount(r.passed as string), first_passes: toCount(r.first_passes as string) };
}

describe('batch figures', () => {
  it('divides passed boards by tested boards, and first passes by the same tested boards', async () => {
    const expected = await recount(p.batchId);
    // 9 boards ran (F-NEVER did not); 5 stand passed plus 1 released; 4 passed their first run.
    expect(expected).toEqual({ tested: 9, passed: 6, first_passes: 4 });

    const totals = (await t.call('GET', `/v1/batch/${p.batchId}/totals`, { as: 'alpha-viewer' })).json().data;
    expect(totals).toMatchObject({ devices: 10, tested: 9, untested: 2, passed: 5, released: 1, failed: 1, scrapped: 1 });
    expect(totals.yield).toBe((totals.passed + totals.released) / totals.tested);
    expect(totals.yield).toBe(expected.passed / expected.tested);

    const firstPasses = (await t.call('GET', `/v1/batch/${p.batchId}/firstpasses`, { as: 'alpha-viewer' })).json().data;
    // Second pass: the three first passes, the retest, the error-then-pass and the shipped one.
    // Last pass: the boards standing passed or released, the yield's passed boards (6 of 9).
    expect(firstPasses).toEqual({
      batch_id: p.batchId, tested: totals.tested, first_pass: expected.first_passes, first_pass_yield: 4 / 9,
      second_pass: 6, second_pass_yield: 6 / 9, last_pass: expected.passed, last_pass_yield: totals.yield,
    });

    const batch = (await t.call('GET', `/v1/productionbatches/${p.batchId}`, { as: 'alpha-viewer' })).json().data;
    expect(batch).toMatchObject({
      tested_count: totals.tested,
      passed_count: totals.passed,
      released_count: totals.released,
      first_pass_count: firstPasses.first_pass,
      yield: totals.yield,
      first_pass_yield: firstPasses.first_pass_yield,
    });

    const list = (await t.call('GET', `/v1/projects/${p.projectId}/productionbatches?sortby=yield`, { as: 'alpha-viewer' })).json().data;
    const row = list.find((b: { id: number }) => b.id === p.batchId);
    expect(row).toEqual(batch);
    expect(row.yield).toBe((row.passed_count + row.released_count) / row.tested_count);
  });

  it('sorts by yield, a batch with nothing tested first ascending', async () => {
    const empty = await p.addBatch('Lot empty');
    const names = async (desc: boolean) =>
      (await t.call('GET', `/v1/projects/${p.projectId}/productionbatches?sortby=yield&sortdesc=${desc}`, { as: 'alpha-viewer' }))
        .json()
        .data.map((b: { id: number }) => b.id);
    // Lot other: 0 of 1 passed; Lot 1: 6 of 9.
    expect(await names(false)).toEqual([empty, other, p.batchId]);
    expect(await names(true)).toEqual([p.batchId, other, empty]);
  });

  it('gives the statistics the same first-pass yield the batch shows', async () => {
    const stats = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/statistics/projects/?from=2024-06-01&to=2024-06-30&project_id=${p.projectId}`, {
      as: 'alpha-viewer',
    });
    const project = stats.json().data[0];
    const lot = project.batches.find((b: { batch_id: number }) => b.batch_id === p.batchId);
    expect(lot).toMatchObject({ first_tests: 9, first_passes: 4, first_pass_yield: 4 / 9 });
    const series = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/statistics?from=2024-06-03&to=2024-06-03&project_id=${p.projectId}`, {
      as: 'alpha-viewer',
    });
    // The day's pass rate is over test runs: 14 runs, 6 passed (errors count as runs).
    expect(series.json().data.series[0]).toMatchObject({ reports: 14, passed: 6, pass_rate: 6 / 14, first_tests: 10, first_passes: 4 });
  });
});
