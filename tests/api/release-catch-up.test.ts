import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { dialectOf } from '../../server/db/dialect';
import { applyDeviceChanges } from '../../server/services/production/counters';
import { catchUpChunk, releaseCatchUp } from '../../server/services/production/release-catch-up';
import { batchCounters, createProduction, dailyStats, testBoards, wroteBehindTheServer, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A release turns its batch "released" and moves the counters; on PostgreSQL the
 * boards' own status is written afterwards, in the background (release-catch-up.ts). Until then
 * every reader takes them as released; the catch-up writes them, goes on from where it stopped,
 * and mends the counters of a board a report changed while the batch was being released.
 */
let t: TestApp;
afterAll(() => t?.close());
beforeAll(async () => {
  t = await createTestApp();
});

const catchUp = () => releaseCatchUp(t.db);

const ownStatus = async (ids: number[]) =>
  (await t.db.selectFrom('devices').where('id', 'in', ids).select('status').orderBy('id').execute()).map((r) => r.status);
const catchUpFrom = async (batch: number) =>
  (await t.db.selectFrom('release_batches').where('id', '=', batch).select('catch_up_from').executeTakeFirstOrThrow()).catch_up_from;

/** A project with passed boards in a draft, released while the catch-up is stopped. */
async function releasedWhileStopped(name: string, serials: string[]) {
  const p = await createProduction(t, 'alpha', { project: name });
  const boards = await testBoards(p, serials);
  const created = await t.call('POST', `/v1/projects/${p.projectId}/releasebatches`, { as: 'alpha-engineer', body: { name } });
  const batch = created.json().data.id as number;
  await catchUp().stop();
  const res = await t.call('PATCH', `/v1/releasebatches/${batch}/update`, { as: 'alpha-engineer', body: { add: Object.values(boards), release: true } });
  expect(res.json().data).toMatchObject({ added: serials.length, released: serials.length });
  if (dialectOf(t.db) === 'sqlite') {
    // SQLite's release writes the boards itself; put them where PostgreSQL's release leaves them.
    expect(await ownStatus(Object.values(boards))).toEqual(serials.map(() => 'released'));
    expect(await catchUpFrom(batch)).toBeNull();
    await t.db.updateTable('devices').set({ status: 'passed' }).where('id', 'in', Object.values(boards)).execute();
    await t.db.updateTable('release_batches').set({ catch_up_from: 0 }).where('id', '=', batch).execute();
  }
  return { p, boards, batch };
}

async function expectCountersRight(p: Production) {
  const { stored, recounted } = await batchCounters(t, p.batchId);
  expect(stored).toEqual(recounted);
  const daily = await dailyStats(t, p.projectId);
  expect(daily.stored).toEqual(daily.recounted);
}

describe('a release', () => {
  it('reads as released at once, and the boards say so themselves once caught up', async () => {
    const { p, boards, batch } = await releasedWhileStopped('Catch-up shown', ['CU-1', 'CU-2', 'CU-3']);
    const ids = Object.values(boards);
    // Written nothing yet: the boards still say "passed" themselves…
    expect(await ownStatus(ids)).toEqual(['passed', 'passed', 'passed']);
    expect(await catchUpFrom(batch)).toBe(0);
    // …and everyone reads them as released.
    const device = await t.call('GET', `/v1/devices/${ids[0]}`, { as: 'alpha-viewer' });
    expect(device.json().data).toMatchObject({ status: 'released', release_batch_id: batch });
    const list = await t.call('GET', `/v1/projects/${p.projectId}/devices?sortby=serial`, { as: 'alpha-viewer' });
    expect(list.json().data.map((d: { status: string }) => d.status)).toEqual(['released', 'released', 'released']);
    const passed = await t.call('GET', `/v1/projects/${p.projectId}/devices?status=passed`, { as: 'alpha-viewer' });
    expect(passed.json().data).toEqual([]);
    const stale = await t.call('GET', `/v1/releasebatches/${batch}/devices?not_qualifying=true`, { as: 'alpha-viewer' });
    expect(stale.json().data).toEqual([]);
    const again = await t.call('PATCH', `/v1/releasebatches/${batch}/update`, { as: 'alpha-engineer', body: { release: true } });
    expect(again.statusCode).toBe(409);
    const scrap = await t.call('PATCH', `/v1/manage/devices/${ids[1]}`, { as: 'root', body: { status: 'scrapped' } });
    expect(scrap.statusCode).toBe(409);

    catchUp().start();
    await catchUp().idle();
    expect(await ownStatus(ids)).toEqual(['released', 'released', 'released']);
    expect(await catchUpFrom(batch)).toBeNull();
    const released = await t.call('GET', `/v1/projects/${p.projectId}/devices?status=released`, { as: 'alpha-viewer' });
    expect(released.json().meta.total).toBe(3);
    expect(released.json().data).toHaveLength(3);
    await expectCountersRight(p);
  });

  it('keeps a board released when a report comes before its own status is written', async () => {
    const { p, boards, batch } = await releasedWhileStopped('Catch-up report', ['CR-1', 'CR-2']);
    const res = await p.report({ serial: 'CR-1', result: 'fail' });
    expect(res.statusCode).toBe(201);
    const device = await t.call('GET', `/v1/devices/${boards['CR-1']}`, { as: 'alpha-viewer' });
    expect(device.json().data).toMatchObject({ status: 'released', report_count: 2, last_result: 'fail' });
    // The report wrote the board's row, and with it "released".
    expect(await ownStatus([boards['CR-1']])).toEqual(['released']);
    catchUp().start();
    await catchUp().idle();
    expect(await ownStatus(Object.values(boards))).toEqual(['released', 'released']);
    expect(await catchUpFrom(batch)).toBeNull();
    await expectCountersRight(p);
  });

  it('mends the counters of a board a report failed while its batch was released', async () => {
    const { p, boards } = await releasedWhileStopped('Catch-up mend', ['CM-1', 'CM-2']);
    // What a report does whose read of the board waited for the release (release-lock.ts): it
    // saw the board passed, failed it, and moved the counters passed → failed.
    const board = await t.db.selectFrom('devices').where('id', '=', boards['CM-2']).select(['project_id', 'production_batch_id', 'status', 'report_count', 'first_pass', 'pass_attempt']).executeTakeFirstOrThrow();
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('devices').set({ status: 'failed' }).where('id', '=', boards['CM-2']).execute();
      await applyDeviceChanges(trx, t.companyIds.alpha, [{ before: board, after: { ...board, status: 'failed' } }]);
    });
    catchUp().start();
    await catchUp().idle();
    expect(await ownStatus(Object.values(boards))).toEqual(['released', 'released']);
    const { stored } = await batchCounters(t, p.batchId);
    expect(stored).toMatchObject({ released_count: 2, failed_count: 0, passed_count: 0 });
    await expectCountersRight(p);
  });

  it('goes on from where it stopped, chunk by chunk', async () => {
    const { p, boards, batch } = await releasedWhileStopped('Catch-up chunks', ['CC-1', 'CC-2', 'CC-3', 'CC-4', 'CC-5']);
    const ids = Object.values(boards).sort((a, b) => a - b);
    const chunk = async () => catchUpChunk(t.db, { id: batch, from: (await catchUpFrom(batch)) ?? 0, companyId: t.companyIds.alpha }, 2);
    await chunk();
    expect(await catchUpFrom(batch)).toBe(ids[1]);
    expect(await ownStatus(ids)).toEqual(['released', 'released', 'passed', 'passed', 'passed']);
    await chunk();
    await chunk();
    expect(await catchUpFrom(batch)).toBe(ids[4]);
    await chunk();
    expect(await catchUpFrom(batch)).toBeNull();
    expect(await ownStatus(ids)).toEqual(Array(5).fill('released'));
    catchUp().start();
    await catchUp().idle();
    await expectCountersRight(p);
  });

  it('keeps writing for the app still open when another app on the same database handle closes', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-second-app-'));
    try {
      const other = await buildApp({ db: t.db, dataDir }); // as the bench runs two, one with the page cache
      await other.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const p = await createProduction(t, 'alpha', { project: 'Catch-up shared' });
    const boards = Object.values(await testBoards(p, ['CS-1', 'CS-2']));
    const created = await t.call('POST', `/v1/projects/${p.projectId}/releasebatches`, { as: 'alpha-engineer', body: { name: 'Shared' } });
    const batch = created.json().data.id as number;
    const res = await t.call('PATCH', `/v1/releasebatches/${batch}/update`, { as: 'alpha-engineer', body: { add: boards, release: true } });
    expect(res.statusCode).toBe(200);
    if (dialectOf(t.db) === 'sqlite') {
      // SQLite's release writes the boards itself: leave them as PostgreSQL's release does.
      await t.db.updateTable('devices').set({ status: 'passed' }).where('id', 'in', boards).execute();
      await t.db.updateTable('release_batches').set({ catch_up_from: 0 }).where('id', '=', batch).execute();
      wroteBehindTheServer(t);
      catchUp().kick();
    }
    await catchUp().idle();
    expect(await ownStatus(boards)).toEqual(['released', 'released']);
    expect(await catchUpFrom(batch)).toBeNull();
  });
});
