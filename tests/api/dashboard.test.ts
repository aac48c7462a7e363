import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJig, createProduction, postReport, reportBody, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let p: Production;
const batch: Record<string, number> = {};
let oldJig: Awaited<ReturnType<typeof createJig>>;
let idleJig: Awaited<ReturnType<typeof createJig>>;

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

/** Batches by (boards tested, boards that passed first time); every board tested today. */
const BATCHES: Record<string, [number, number]> = {
  F0: [1, 0],
  F1: [4, 1],
  F2: [3, 1],
  F3: [2, 1],
  F4: [3, 2],
  F5: [4, 3], // failing too, but the sixth worst: left out
  Edge: [10, 9], // exactly at the threshold: not failing
  Good: [2, 2],
  Closed: [1, 0], // failing but closed
};

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Dashboard' });
  for (const [name, [tested, firstPasses]] of Object.entries(BATCHES)) {
    batch[name] = await p.addBatch(name);
    for (let i = 0; i < tested; i++) {
      await p.report({ serial: `${name}-${i}`, production_batch_id: batch[name], result: i < firstPasses ? 'pass' : 'fail' });
    }
  }
  await t.call('PATCH', `/v1/productionbatches/${batch.Closed}`, { as: 'root', body: { status: 'closed' } });
  await p.report({ serial: 'F0-0', result: 'pass' }); // a retest: a report, not a new board
  // The week before, on another jig: three boards, all passing first time.
  oldJig = await createJig(t, t.companyIds.alpha, { name: 'Aardvark jig' });
  for (let i = 0; i < 3; i++) {
    const body = reportBody({ serial: `OLD-${i}`, project_id: p.projectId, production_batch_id: p.batchId, finished_at: `${daysAgo(8)}T12:00:00.000Z` });
    await postReport(t, oldJig, body);
  }
  idleJig = await createJig(t, t.companyIds.alpha, { name: 'Zebra jig', provisioning: 'unprovisioned' });
  await createJig(t, t.companyIds.beta, { name: 'Beta jig' });
});
afterAll(() => t?.close());

describe('GET /v1/companies/:id/dashboard', () => {
  it('sums up the last 7 days against the 7 before', async () => {
    const res = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/dashboard/`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const boards = Object.values(BATCHES).reduce((n, [tested]) => n + tested, 0);
    const firstPasses = Object.values(BATCHES).reduce((n, [, fp]) => n + fp, 0);
    expect(data).toMatchObject({
      from: daysAgo(6),
      to: today,
      boards_tested: boards,
      reports: boards + 1,
      pass_rate: (firstPasses + 1) / (boards + 1),
      first_pass_yield: firstPasses / boards,
      previous: { boards_tested: 3, pass_rate: 1, first_pass_yield: 1 },
    });
    expect(data.per_day.map((d: { date: string }) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(daysAgo));
    expect(data.per_day.slice(0, 6).every((d: { reports: number }) => d.reports === 0)).toBe(true);
    expect(data.per_day[6]).toMatchObject({ date: today, reports: boards + 1, first_tests: boards });
  });

  it('lists the five worst open batches below the threshold, from lifetime counters', async () => {
    const { data } = (await t.call('GET', `/v1/companies/${t.companyIds.alpha}/dashboard`, { as: 'alpha-viewer' })).json();
    expect(data.failing_batches.map((b: { batch_name: string }) => b.batch_name)).toEqual(['F0', 'F1', 'F2', 'F3', 'F4']);
    expect(data.failing_batches[1]).toEqual({
      batch_id: batch.F1,
      batch_name: 'F1',
      project_id: p.projectId,
      project_name: 'Dashboard',
      first_tests: 4,
      first_passes: 1,
      first_pass_yield: 0.25,
      second_passes: 1,
      last_passes: 1,
      second_pass_yield: 0.25,
      last_pass_yield: 0.25,
    });
  });

  it("lists the company's jigs with last sight and reports in 7 days", async () => {
    const { data } = (await t.call('GET', `/v1/companies/${t.companyIds.alpha}/dashboard`, { as: 'root' })).json();
    expect(data.jigs).toEqual([
      { enclosure_id: oldJig.id, name: 'Aardvark jig', registered_name: 'Aardvark jig', serial: oldJig.serial, last_seen_at: expect.any(String), reports_7d: 0 },
      { enclosure_id: p.jig.id, name: p.jig.name, registered_name: p.jig.name, serial: p.jig.serial, last_seen_at: expect.any(String), reports_7d: 31 },
      { enclosure_id: idleJig.id, name: 'Zebra jig', registered_name: 'Zebra jig', serial: idleJig.serial, last_seen_at: null, reports_7d: 0 },
    ]);
  });

  it('hides the company from others with 404 and needs a login', async () => {
    expect((await t.call('GET', `/v1/companies/${t.companyIds.alpha}/dashboard`, { as: 'beta-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/companies/${t.companyIds.alpha}/dashboard`)).statusCode).toBe(401);
    const beta = await t.call('GET', `/v1/companies/${t.companyIds.beta}/dashboard`, { as: 'beta-viewer' });
    expect(beta.json().data).toMatchObject({ reports: 0, pass_rate: null, failing_batches: [], jigs: [{ name: 'Beta jig', reports_7d: 0 }] });
  });
});
