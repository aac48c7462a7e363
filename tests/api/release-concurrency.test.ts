import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialectOf, toCount } from '../../server/db/dialect';
import { applyDeviceChanges } from '../../server/services/production/counters';
import { releaseCatchUp } from '../../server/services/production/release-catch-up';
import { RENEW_PICK_STATISTICS_AFTER } from '../../server/services/production/release-update';
import { shareReleaseLocks } from '../../server/services/production/release-lock';
import { batchCounters, createProduction, dailyStats, testBoards, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Release batches under concurrent requests (real concurrency on PostgreSQL, where each request
 * holds its own connection; SQLite runs the transactions one after another) and the release
 * refused for a board that failed after it was picked.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);

async function draft(prod: Production, name: string, add: number[] = []): Promise<number> {
  const res = await t.call('POST', `/v1/projects/${prod.projectId}/releasebatches`, { as: 'alpha-engineer', body: { name } });
  if (res.statusCode !== 201) throw new Error(`draft ${name}: ${res.statusCode} ${res.body}`);
  const id: number = res.json().data.id;
  if (add.length) expect((await update(id, { add })).json().data.added).toBe(add.length);
  return id;
}
const update = (batchId: number, body: unknown, as = 'alpha-engineer') =>
  t.call('PATCH', `/v1/releasebatches/${batchId}/update`, { as, body });

/** Release batch id of each board of the project, and the boards by release batch. */
async function placement(prod: Production) {
  // Once the boards of released batches say so themselves (release-catch-up.ts).
  await releaseCatchUp(t.db).idle();
  const rows = await t.db
    .selectFrom('devices')
    .leftJoin('release_batch_picks as picks', 'picks.device_id', 'devices.id')
    .where('devices.project_id', '=', prod.projectId)
    .select(['devices.id', 'devices.serial', 'devices.status', 'picks.release_batch_id'])
    .orderBy('devices.id')
    .execute();
  const byBatch = new Map<number | null, string[]>();
  for (const r of rows) byBatch.set(r.release_batch_id, [...(byBatch.get(r.release_batch_id) ?? []), r.serial]);
  return { rows, byBatch };
}

/** Maintained counters equal a recount: production batches, daily statistics, release batches. */
async function expectCountersRight(prod: Production, batchIds: number[] = [prod.batchId]) {
  for (const batchId of batchIds) {
    const { stored, recounted } = await batchCounters(t, batchId);
    expect(stored, `production batch ${batchId}`).toEqual(recounted);
  }
  const daily = await dailyStats(t, prod.projectId);
  expect(daily.stored).toEqual(daily.recounted);
  const releases = await t.db.selectFrom('release_batches').where('project_id', '=', prod.projectId).select(['id', 'device_count']).execute();
  for (const r of releases) {
    const n = await t.db.selectFrom('release_batch_picks').where('release_batch_id', '=', r.id).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(r.device_count, `release batch ${r.id}`).toBe(toCount(n.n as string | number));
  }
}

const unreleasedTotal = async (prod: Production) =>
  (await t.call('GET', `/v1/projects/${prod.projectId}/devices/unreleased`, { as: 'alpha-viewer' })).json().meta.total as number;

describe('concurrent picking', () => {
  it('puts each board in exactly one of the drafts that grab it at once', async () => {
    const q = await createProduction(t, 'alpha', { project: 'Race picks' });
    const ids = Object.values(await testBoards(q, range('RP', 12)));
    const drafts = await Promise.all(['D1', 'D2', 'D3', 'D4', 'D5'].map((name) => draft(q, name)));
    const answers = await Promise.all([
      update(drafts[0], { add: ids }),
      update(drafts[1], { add: [...ids].reverse() }),
      update(drafts[2], { add_matching: {} }),
      update(drafts[3], { add_matching: { search: 'rp-0' } }),
      update(drafts[4], { add: ids.filter((_, i) => i % 2 === 1), add_matching: { search: 'RP-1' } }),
      update(drafts[0], { add: ids }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    const results = answers.map((a) => a.json().data);
    expect(results.reduce((n, r) => n + r.added, 0)).toBe(12);
    // An add by ids counts what it could not take as skipped.
    for (const i of [0, 1, 5]) expect(results[i].added + results[i].skipped).toBe(12);
    const { rows } = await placement(q);
    expect(rows.every((r) => r.release_batch_id !== null && drafts.includes(r.release_batch_id))).toBe(true);
    expect(await unreleasedTotal(q)).toBe(0);
    await expectCountersRight(q);
  });
});

describe('concurrent releases', () => {
  it('releases no board twice when two batches that tried to share boards are released at once', async () => {
    const q = await createProduction(t, 'alpha', { project: 'Race releases' });
    const lot2 = await q.addBatch('Lot 2');
    const own = await testBoards(q, ['A-OWN', 'B-OWN']);
    const shared = Object.values({ ...(await testBoards(q, range('SH', 6))), ...(await testBoards(q, range('SL', 6), { batchId: lot2 })) });
    const a = await draft(q, 'A', [own['A-OWN']]);
    const b = await draft(q, 'B', [own['B-OWN']]);
    const [ra, rb] = await Promise.all([
      update(a, { add: shared, release: true }),
      update(b, { add: [...shared].reverse(), release: true }),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const released = [ra.json().data, rb.json().data];
    expect(released[0].released + released[1].released).toBe(14);
    expect(released[0].added + released[1].added).toBe(12);
    for (const r of released) expect(r.batch).toMatchObject({ status: 'released', device_count: r.released });

    const { rows, byBatch } = await placement(q);
    expect(rows.every((r) => r.status === 'released')).toBe(true);
    expect(byBatch.get(a)!.length + byBatch.get(b)!.length).toBe(14);
    expect(byBatch.get(a)).toContain('A-OWN');
    expect(byBatch.get(b)).toContain('B-OWN');
    await expectCountersRight(q, [q.batchId, lot2]);
    const lots = await Promise.all([q.batchId, lot2].map((id) => batchCounters(t, id)));
    expect(lots.map((l) => [l.stored.passed_count, l.stored.released_count])).toEqual([[0, 8], [0, 6]]);
    // Both CSVs together list every board exactly once.
    const csvSerials = async (id: number) =>
      (await t.call('GET', `/v1/releasebatches/${id}/devices?format=csv`, { as: 'alpha-viewer' })).body.trim().split('\r\n').slice(1).map((l) => l.split(',')[0]);
    const listed = [...(await csvSerials(a)), ...(await csvSerials(b))].sort();
    expect(listed).toEqual(rows.map((r) => r.serial).sort());
  });

  it('releases one batch once when two people release it at the same moment', async () => {
    const q = await createProduction(t, 'alpha', { project: 'Race same batch' });
    const ids = Object.values(await testBoards(q, range('SB', 5)));
    const batch = await draft(q, 'Same', ids);
    const answers = await Promise.all([update(batch, { release: true }), update(batch, { release: true }), update(batch, { remove: [ids[0]] })]);
    const statuses = answers.map((a) => a.statusCode);
    // The first to lock the batch wins; after a release everything else is a 409.
    expect(statuses[0] === 200 || statuses[1] === 200).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(2);
    expect(answers.filter((a) => a.statusCode === 200 && a.json().data.released > 0)).toHaveLength(1);
    const { stored } = await batchCounters(t, q.batchId);
    expect(stored.released_count + stored.passed_count).toBe(5);
    await expectCountersRight(q);
  });

  it('keeps boards and counters whole when reports fail boards while their batch is released', async () => {
    const q = await createProduction(t, 'alpha', { project: 'Race reports' });
    const ids = await testBoards(q, range('RR', 6));
    const batch = await draft(q, 'Racing', Object.values(ids));
    const [release, ...reports] = await Promise.all([
      update(batch, { release: true }),
      q.report({ serial: 'RR-02', result: 'fail' }),
      q.report({ serial: 'RR-05', result: 'fail' }),
    ]);
    expect(reports.map((r) => r.statusCode)).toEqual([201, 201]);
    const { rows } = await placement(q);
    if (release.statusCode === 200) {
      // The release went first: the reports are stored, the boards stay released.
      expect(rows.every((r) => r.status === 'released')).toBe(true);
    } else {
      // A report failed a board first: nothing of the release happened.
      expect(release.statusCode).toBe(409);
      expect(rows.some((r) => r.status === 'failed')).toBe(true);
      expect(rows.every((r) => r.status !== 'released')).toBe(true);
      const detail = (await t.call('GET', `/v1/releasebatches/${batch}`, { as: 'alpha-viewer' })).json().data;
      expect(detail).toMatchObject({ status: 'draft', device_count: 6 });
    }
    await expectCountersRight(q);
  });
});

describe('a release and a report still being written', () => {
  it('waits for the report and then refuses the board it failed (409)', async () => {
    const q = await createProduction(t, 'alpha', { project: 'Report in flight' });
    const ids = await testBoards(q, range('IF', 3));
    const batch = await draft(q, 'In flight', Object.values(ids));
    const board = await t.db.selectFrom('devices').where('id', '=', ids['IF-02']).select(['project_id', 'production_batch_id', 'status', 'report_count', 'first_pass', 'pass_attempt']).executeTakeFirstOrThrow();
    // What a report does to a board it fails (store-reports.ts), held open: on PostgreSQL the
    // release comes meanwhile and must wait for it; SQLite writes one transaction at a time.
    const failIt = async (trx: typeof t.db) => {
      await shareReleaseLocks(trx, [q.projectId]);
      await trx.updateTable('devices').set({ status: 'failed' }).where('id', '=', ids['IF-02']).execute();
      await applyDeviceChanges(trx, t.companyIds.alpha, [{ before: board, after: { ...board, status: 'failed' } }]);
    };
    let release: ReturnType<typeof update>;
    if (dialectOf(t.db) === 'postgres') {
      await t.db.transaction().execute(async (trx) => {
        await failIt(trx);
        release = update(batch, { release: true });
        const early = await Promise.race([release, new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))]);
        expect(early).toBe('waiting');
      });
    } else {
      await t.db.transaction().execute(failIt);
      release = update(batch, { release: true });
    }
    expect((await release!).statusCode).toBe(409);
    const detail = (await t.call('GET', `/v1/releasebatches/${batch}`, { as: 'alpha-viewer' })).json().data;
    expect(detail).toMatchObject({ status: 'draft', not_qualifying_count: 1 });
    await expectCountersRight(q);
  });
});

describe('a board that failed after it was picked', () => {
  it('counts the boards that stopped qualifying alike from either side', async () => {
    // countDraftBoards starts from the drafts' picks or from the boards asked about, whichever
    // the counters say are fewer: the two stages below take each side for each count.
    const q = await createProduction(t, 'alpha', { project: 'Either side' });
    const ids = await testBoards(q, range('ES', 8));
    const small = await draft(q, 'Small', [ids['ES-01']]);
    const large = await draft(q, 'Large', [ids['ES-02'], ids['ES-03'], ids['ES-04'], ids['ES-05'], ids['ES-06']]);
    for (const serial of ['ES-01', 'ES-02', 'ES-07']) expect((await q.report({ serial, result: 'fail' })).statusCode).toBe(201);

    /** What the screens say, against the same read off the rows. */
    const expectCountsRight = async () => {
      const { rows } = await placement(q);
      const pool = rows.filter((r) => r.status === 'passed' && r.release_batch_id === null).length;
      expect(await unreleasedTotal(q)).toBe(pool);
      const lot = await t.call('GET', `/v1/projects/${q.projectId}/devices/unreleased?production_batch_id=${q.batchId}`, { as: 'alpha-viewer' });
      expect(lot.json().meta.total).toBe(pool);
      for (const batch of [small, large]) {
        const stopped = rows.filter((r) => r.release_batch_id === batch && r.status !== 'passed').map((r) => r.serial);
        const detail = (await t.call('GET', `/v1/releasebatches/${batch}`, { as: 'alpha-viewer' })).json().data;
        expect(detail.not_qualifying_count, `draft ${batch}`).toBe(stopped.length);
        const list = await t.call('GET', `/v1/releasebatches/${batch}/devices?not_qualifying=true&sortby=serial`, { as: 'alpha-viewer' });
        expect(list.json().data.map((d: { serial: string }) => d.serial)).toEqual(stopped);
        expect(list.json().meta.total).toBe(stopped.length);
      }
      return pool;
    };
    // Drafts hold 6 boards, 3 are not passed, 5 passed: the pool's counts start from the boards,
    // the small draft's from its pick, the large one's from the boards.
    expect(await expectCountsRight()).toBe(1);
    // Drafts hold 2 boards: the pool's counts now start from the picks.
    expect((await update(large, { remove: [ids['ES-03'], ids['ES-04'], ids['ES-05'], ids['ES-06']] })).statusCode).toBe(200);
    expect(await expectCountsRight()).toBe(5);
  });

  it('blocks the release with 409, changing nothing, until it is removed', async () => {
    const q = await createProduction(t, 'alpha', { project: 'Later failure' });
    const ids = await testBoards(q, range('LF', 4));
    const batch = await draft(q, 'Held', [ids['LF-01'], ids['LF-02'], ids['LF-03']]);
    expect((await q.report({ serial: 'LF-02', result: 'fail' })).statusCode).toBe(201);

    const review = (await t.call('GET', `/v1/releasebatches/${batch}`, { as: 'alpha-viewer' })).json().data;
    expect(review).toMatchObject({ device_count: 3, not_qualifying_count: 1 });
    const listed = await t.call('GET', `/v1/projects/${q.projectId}/releasebatches`, { as: 'alpha-viewer' });
    expect(listed.json().data[0]).toMatchObject({ id: batch, not_qualifying_count: 1 });
    const failing = await t.call('GET', `/v1/releasebatches/${batch}/devices?not_qualifying=true`, { as: 'alpha-viewer' });
    expect(failing.json().data.map((d: { serial: string }) => d.serial)).toEqual(['LF-02']);
    expect(failing.json().meta.total).toBe(1);

    const before = { counters: await batchCounters(t, q.batchId), placement: await placement(q) };
    const refused = await update(batch, { add: [ids['LF-04']], release: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^1 board in this batch no longer qualifies/);
    expect({ counters: await batchCounters(t, q.batchId), placement: await placement(q) }).toEqual(before);
    expect((await t.call('GET', `/v1/releasebatches/${batch}`, { as: 'alpha-viewer' })).json().data).toEqual(review);
    expect(await unreleasedTotal(q)).toBe(1);

    const released = await update(batch, { remove: [ids['LF-02']], release: true });
    expect(released.statusCode).toBe(200);
    expect(released.json().data).toMatchObject({ removed: 1, released: 2, batch: { status: 'released', device_count: 2, not_qualifying_count: 0 } });
    await expectCountersRight(q);
    expect((await placement(q)).byBatch.get(batch)).toEqual(['LF-01', 'LF-03']);
  });
});

describe('a pick of many boards', () => {
  /** PostgreSQL's estimate of a release batch's picks, as its planner would plan a read of them. */
  const estimatedPicks = async (batch: number) => {
    const plan = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
      explain (format json) select device_id from release_batch_picks where release_batch_id = ${batch}`.execute(t.db);
    return plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows'];
  };

  it('leaves the planner knowing how many boards the draft holds, and again once it is deleted', async () => {
    const q = await createProduction(t, 'alpha', { project: 'Many picks' });
    const n = RENEW_PICK_STATISTICS_AFTER;
    // Passed boards written directly (through jigs this would take minutes): the pick reads
    // status and batch, not reports.
    const now = new Date().toISOString();
    for (let from = 0; from < n; from += 2000) {
      const rows = Array.from({ length: Math.min(2000, n - from) }, (_, i) => {
        const serial = `MP-${String(from + i).padStart(6, '0')}`;
        return { project_id: q.projectId, production_batch_id: q.batchId, serial, serial_key: serial.toLowerCase(), status: 'passed', first_pass: 1, pass_attempt: 1, created_at: now, updated_at: now };
      });
      await t.db.insertInto('devices').values(rows).execute();
    }
    const batch = await draft(q, 'Everything');
    const picked = await update(batch, { add_matching: {} });
    expect(picked.json().data).toMatchObject({ added: n, batch: { device_count: n, not_qualifying_count: 0 } });
    if (dialectOf(t.db) === 'postgres') {
      // Renewed before the answer: the next screen's reads are planned for n picks, not for the
      // handful an unanalysed table suggests.
      expect(await estimatedPicks(batch)).toBeGreaterThan(n / 2);
    }
    expect((await t.call('DELETE', `/v1/releasebatches/${batch}`, { as: 'alpha-engineer' })).statusCode).toBe(204);
    if (dialectOf(t.db) === 'postgres') expect(await estimatedPicks(batch)).toBeLessThan(n / 10);
    const left = await t.db.selectFrom('release_batch_picks').where('release_batch_id', '=', batch).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(toCount(left.n as string | number)).toBe(0);
  });
});
