import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFileStore } from '../../server/files/open';
import { deleteRow } from '../../server/services/deletes';
import { batchCounters, countRows, createProduction, dailyStats, testBoards, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The delete convention (CONTRIBUTING.md "Deletes") on its first two resources: 204 and gone,
 * 409 with a message that names what keeps the row, 404 for a row the caller cannot see, 403 for
 * one they see without the role; a draft release batch gives its boards back to the pool.
 */

let t: TestApp;
let p: Production;
let beta: Production;

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Deletes' });
  beta = await createProduction(t, 'beta', { project: 'Deletes Beta' });
});
afterAll(() => t?.close());

const del = (url: string, as = 'alpha-engineer') => t.call('DELETE', url, { as });
const batchNames = async (prod: Production) =>
  (await t.call('GET', `/v1/projects/${prod.projectId}/productionbatches?limit=200`, { as: 'alpha-viewer' }))
    .json()
    .data.map((b: { name: string }) => b.name);
const unreleasedSerials = async () =>
  (await t.call('GET', `/v1/projects/${p.projectId}/devices/unreleased?limit=200&sortby=serial`, { as: 'alpha-viewer' }))
    .json()
    .data.map((d: { serial: string }) => d.serial);

describe('DELETE /v1/productionbatches/:id', () => {
  it('deletes an empty batch with 204 and no body; then it is gone', async () => {
    const id = await p.addBatch('Typo lot');
    for (const user of ['alpha-engineer', 'alpha-admin']) {
      const batch = user === 'alpha-engineer' ? id : await p.addBatch('Typo lot 2');
      const res = await del(`/v1/productionbatches/${batch}`, user);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await t.call('GET', `/v1/productionbatches/${batch}`, { as: 'alpha-viewer' })).statusCode).toBe(404);
    }
    expect(await batchNames(p)).not.toContain('Typo lot');
    expect((await del(`/v1/productionbatches/${id}`)).statusCode).toBe(404);
  });

  it('refuses a batch that holds boards with 409 naming it and how many; nothing changes', async () => {
    const full = await p.addBatch('PB-7');
    await testBoards(p, ['PB7-1', 'PB7-2', 'PB7-3'], { batchId: full });
    const one = await p.addBatch('PB-8');
    await testBoards(p, ['PB8-1'], { batchId: one });
    const res = await del(`/v1/productionbatches/${full}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Production batch “PB-7” still holds 3 boards; move or correct them first.' });
    expect((await del(`/v1/productionbatches/${one}`)).json().message).toBe(
      'Production batch “PB-8” still holds 1 board; move or correct it first.',
    );
    expect((await t.call('GET', `/v1/batch/${full}/totals`, { as: 'alpha-viewer' })).json().data.devices).toBe(3);
  });

  it('deletes a batch once its boards moved away, with the statistics rows they left at zero', async () => {
    const from = await p.addBatch('Moved away');
    const to = await p.addBatch('Moved here');
    const ids = Object.values(await testBoards(p, ['MV-1', 'MV-2'], { batchId: from }));
    // The two boards share a panel, and move as one.
    for (const id of ids) await t.call('PATCH', `/v1/manage/devices/${id}`, { as: 'root', body: { panel_id: 'MV-PANEL' } });
    const moved = await t.call('PATCH', '/v1/manage/devices/panel/MV-PANEL', { as: 'root', body: { production_batch_id: to } });
    expect(moved.json().data).toEqual({ panel_id: 'MV-PANEL', device_count: 2, changed: 2 });
    expect(moved.statusCode).toBe(200);
    const leftOver = () => t.db.selectFrom('report_daily_stats').where('production_batch_id', '=', from).selectAll().execute();
    expect((await leftOver()).length).toBeGreaterThan(0);

    expect((await del(`/v1/productionbatches/${from}`)).statusCode).toBe(204);
    expect(await leftOver()).toEqual([]);
    const stats = await dailyStats(t, p.projectId);
    expect(stats.stored).toEqual(stats.recounted);
    const counters = await batchCounters(t, to);
    expect(counters.stored).toEqual(counters.recounted);
  });

  it('answers 404 for another company’s batch and 403 to those who only read; the batch stays', async () => {
    const theirs = await beta.addBatch('Beta empty');
    expect((await del(`/v1/productionbatches/${theirs}`, 'alpha-admin')).statusCode).toBe(404);
    const ours = await p.addBatch('Kept lot');
    expect((await del(`/v1/productionbatches/${ours}`, 'beta-admin')).statusCode).toBe(404);
    for (const user of ['alpha-viewer', 'alpha-operator']) {
      const res = await del(`/v1/productionbatches/${ours}`, user);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBeTruthy();
    }
    expect((await t.call('DELETE', `/v1/productionbatches/${ours}`)).statusCode).toBe(401);
    expect(await batchNames(p)).toContain('Kept lot');
    expect((await t.call('GET', `/v1/productionbatches/${theirs}`, { as: 'beta-viewer' })).statusCode).toBe(200);
  });

  it('takes no new boards once deleted: a report naming it is a 422', async () => {
    const gone = await p.addBatch('Gone lot');
    expect((await del(`/v1/productionbatches/${gone}`)).statusCode).toBe(204);
    const before = await countRows(t, 'devices');
    const res = await p.report({ serial: 'GONE-1', production_batch_id: gone });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['production_batch_id']);
    expect(await countRows(t, 'devices')).toBe(before);
  });

  it('never lets a first report and a delete of its batch both win (no 5xx, no orphan)', async () => {
    for (let round = 0; round < 8; round++) {
      const batch = await p.addBatch(`Race ${round}`);
      const [report, removed] = await Promise.all([
        p.report({ serial: `RACE-${round}`, production_batch_id: batch }),
        del(`/v1/productionbatches/${batch}`),
      ]);
      const outcome = `${report.statusCode}/${removed.statusCode}`;
      // Either the board came first (and keeps the batch) or the delete did (and the report is refused).
      expect(['201/409', '422/204'], outcome).toContain(outcome);
    }
  });

  it('never lets a correction move boards into a batch being deleted (no 5xx, no orphan)', async () => {
    const from = await p.addBatch('Race source');
    const ids = Object.values(await testBoards(p, ['RM-1', 'RM-2', 'RM-3', 'RM-4'], { batchId: from }));
    for (const [round, id] of ids.entries()) {
      const target = await p.addBatch(`Race target ${round}`);
      await t.call('PATCH', `/v1/manage/devices/${id}`, { as: 'root', body: { panel_id: `RM-PANEL-${round}` } });
      const [moved, removed] = await Promise.all([
        t.call('PATCH', `/v1/manage/devices/panel/RM-PANEL-${round}`, { as: 'root', body: { production_batch_id: target } }),
        del(`/v1/productionbatches/${target}`),
      ]);
      const outcome = `${moved.statusCode}/${removed.statusCode}`;
      expect(['200/409', '422/204'], outcome).toContain(outcome);
    }
  });
});

describe('DELETE /v1/releasebatches/:id', () => {
  const create = async (name: string, prod = p) => {
    const as = prod === p ? 'alpha-engineer' : 'beta-engineer';
    const res = await t.call('POST', `/v1/projects/${prod.projectId}/releasebatches`, { as, body: { name } });
    if (res.statusCode !== 201) throw new Error(`create ${name}: ${res.statusCode} ${res.body}`);
    return res.json().data.id as number;
  };
  const pick = (id: number, body: unknown) => t.call('PATCH', `/v1/releasebatches/${id}/update`, { as: 'alpha-engineer', body });

  it('deletes a draft with 204; its boards are pickable again and the counters stay right', async () => {
    const lot = await p.addBatch('Shipping lot');
    const boards = await testBoards(p, ['SH-1', 'SH-2', 'SH-3'], { batchId: lot });
    const draft = await create('Draft to drop');
    expect((await pick(draft, { add: Object.values(boards) })).json().data.added).toBe(3);
    // One board fails a retest while in the draft: it goes back too, still failed.
    await p.report({ serial: 'SH-3', result: 'fail', production_batch_id: lot });
    expect(await unreleasedSerials()).not.toContain('SH-1');
    const before = await batchCounters(t, lot);

    const res = await del(`/v1/releasebatches/${draft}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.call('GET', `/v1/releasebatches/${draft}`, { as: 'alpha-viewer' })).statusCode).toBe(404);
    expect(await unreleasedSerials()).toEqual(expect.arrayContaining(['SH-1', 'SH-2']));
    const rows = await t.db
      .selectFrom('devices')
      .leftJoin('release_batch_picks as picks', 'picks.device_id', 'devices.id')
      .where('devices.id', 'in', Object.values(boards))
      .select(['picks.release_batch_id', 'devices.status'])
      .orderBy('devices.id')
      .execute();
    expect(rows).toEqual([
      { release_batch_id: null, status: 'passed' },
      { release_batch_id: null, status: 'passed' },
      { release_batch_id: null, status: 'failed' },
    ]);
    const after = await batchCounters(t, lot);
    expect(after.stored).toEqual(after.recounted);
    expect(after.stored).toEqual(before.stored);

    const next = await create('Draft that picks them');
    expect((await pick(next, { add: [boards['SH-1'], boards['SH-2']] })).json().data).toMatchObject({ added: 2, skipped: 0 });
  });

  it('deletes an empty draft, and a second delete is a 404', async () => {
    const draft = await create('Empty draft');
    expect((await del(`/v1/releasebatches/${draft}`, 'alpha-admin')).statusCode).toBe(204);
    expect((await del(`/v1/releasebatches/${draft}`, 'alpha-admin')).statusCode).toBe(404);
  });

  it('refuses a released batch with 409 saying its boards shipped; it stays', async () => {
    const lot = await p.addBatch('Shipped lot');
    const boards = await testBoards(p, ['SP-1', 'SP-2'], { batchId: lot });
    const shipped = await create('Shipment 12');
    expect((await pick(shipped, { add: Object.values(boards), release: true })).statusCode).toBe(200);
    const res = await del(`/v1/releasebatches/${shipped}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Release batch “Shipment 12” is released; its 2 boards shipped, so it stays on record.' });
    const still = await t.call('GET', `/v1/releasebatches/${shipped}`, { as: 'alpha-viewer' });
    expect(still.json().data).toMatchObject({ status: 'released', device_count: 2 });
  });

  it('answers 404 for another company’s draft and 403 to those who only read; the draft stays', async () => {
    const theirs = await create('Beta draft', beta);
    expect((await del(`/v1/releasebatches/${theirs}`, 'alpha-admin')).statusCode).toBe(404);
    const ours = await create('Kept draft');
    expect((await del(`/v1/releasebatches/${ours}`, 'beta-admin')).statusCode).toBe(404);
    for (const user of ['alpha-viewer', 'alpha-operator']) expect((await del(`/v1/releasebatches/${ours}`, user)).statusCode).toBe(403);
    expect((await t.call('GET', `/v1/releasebatches/${ours}`, { as: 'alpha-viewer' })).statusCode).toBe(200);
    expect((await t.call('GET', `/v1/releasebatches/${theirs}`, { as: 'beta-viewer' })).statusCode).toBe(200);
  });
});

describe('the description of the deletes', () => {
  it('says 204 with no body and names the 409', async () => {
    const doc = (await t.call('GET', '/v1/openapi.json')).json();
    for (const path of ['/v1/productionbatches/{id}', '/v1/releasebatches/{id}']) {
      const op = doc.paths[path].delete;
      expect(Object.keys(op.responses)).toContain('204');
      expect(op.responses['204'].content).toBeUndefined();
      expect(op.description).toMatch(/204 with no body\. 409 /);
      expect(op.description).toContain('**Access:**');
    }
  });
});

describe('deleteRow', () => {
  it('deletes the files a removed row gives back after the commit, and none when refused or gone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jigboard-deletes-'));
    try {
      const files = await openFileStore(t.db, dir);
      const put = () => files.put(Readable.from([Buffer.from('firmware')]), { name: 'fw.bin', type: 'application/octet-stream', limit: 100 });
      const kept = await put();
      const refused = deleteRow({ db: t.db, files }, { lock: async () => ({ id: 1 }), refusal: () => 'Kept: it is in use.', remove: async () => [kept.id] });
      await expect(refused).rejects.toMatchObject({ statusCode: 409, message: 'Kept: it is in use.' });
      const gone = deleteRow({ db: t.db, files }, { lock: async () => undefined, remove: async () => [kept.id] });
      await expect(gone).rejects.toMatchObject({ statusCode: 404 });
      expect(await files.stat(kept.id)).toBeDefined();

      await deleteRow({ db: t.db, files }, { lock: async () => ({ id: 1 }), refusal: () => null, remove: async () => [kept.id] });
      expect(await files.stat(kept.id)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
