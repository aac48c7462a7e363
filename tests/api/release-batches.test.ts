import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseBatchDetailSchema, releaseBatchSchema, releaseBatchUpdateDevicesResult } from '../../contract/release-batches';
import { createProduction, testBoards, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';
import { forgetUserSessions } from '../../server/auth/session-cache';

let t: TestApp;
let p: Production;
let beta: Production;
let lot2: number;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Release A' });
  beta = await createProduction(t, 'beta', { project: 'Release Beta' });
  lot2 = await p.addBatch('Lot 2');
  Object.assign(
    id,
    await testBoards(p, ['RA-01', 'RA-02', 'RA-03', 'RA-04', 'RA-05']),
    await testBoards(p, ['RB-01', 'RB-02'], { batchId: lot2 }),
    await testBoards(p, ['FA-01'], { result: 'fail' }),
    await testBoards(beta, ['RA-99']),
  );
});
afterAll(() => t?.close());

const serials = (res: { json: () => { data: { serial: string }[] } }) => res.json().data.map((d) => d.serial);
const names = (res: { json: () => { data: { name: string }[] } }) => res.json().data.map((d) => d.name);

async function create(name: string, prod: Production = p, as = 'alpha-engineer'): Promise<number> {
  const res = await t.call('POST', `/v1/projects/${prod.projectId}/releasebatches`, { as, body: { name } });
  if (res.statusCode !== 201) throw new Error(`create ${name}: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}
const update = (batchId: number, body: unknown, as = 'alpha-engineer') =>
  t.call('PATCH', `/v1/releasebatches/${batchId}/update`, { as, body });

describe('POST and GET /v1/projects/:id/releasebatches', () => {
  it('lets admins and engineers create a draft, with 201', async () => {
    for (const [user, name] of [['alpha-admin', 'Shipment March'], ['alpha-engineer', 'Shipment April']]) {
      const res = await t.call('POST', `/v1/projects/${p.projectId}/releasebatches`, { as: user, body: { name: `  ${name} ` } });
      expect(res.statusCode).toBe(201);
      const batch = releaseBatchSchema.parse(res.json().data);
      expect(batch).toMatchObject({ project_id: p.projectId, name, status: 'draft', device_count: 0, not_qualifying_count: 0, released_at: null, released_by: null });
    }
  });

  it('lists newest first, sorts, searches by name and filters by status', async () => {
    const res = await t.call('GET', `/v1/projects/${p.projectId}/releasebatches`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    expect(names(res).slice(0, 2)).toEqual(['Shipment April', 'Shipment March']);
    const byName = await t.call('GET', `/v1/projects/${p.projectId}/releasebatches?sortby=name&limit=1`, { as: 'alpha-viewer' });
    expect(names(byName)).toEqual(['Shipment April']);
    expect(byName.json().meta).toMatchObject({ page: 1, limit: 1 });
    const search = await t.call('GET', `/v1/projects/${p.projectId}/releasebatches?search=MARCH`, { as: 'alpha-viewer' });
    expect(names(search)).toEqual(['Shipment March']);
    expect(search.json().meta.total).toBe(1);
    const released = await t.call('GET', `/v1/projects/${p.projectId}/releasebatches?status=released`, { as: 'alpha-viewer' });
    expect(released.json().data.every((b: { status: string }) => b.status === 'released')).toBe(true);
  });

  it.each(['alpha-operator', 'alpha-viewer', 'beta-admin'])('refuses %s a new batch (403, or 404 for another company)', async (user) => {
    const res = await t.call('POST', `/v1/projects/${p.projectId}/releasebatches`, { as: user, body: { name: 'Nope' } });
    expect(res.statusCode).toBe(user.startsWith('beta') ? 404 : 403);
  });

  it('refuses a taken name (any case), a blank or long name with 422', async () => {
    for (const name of ['shipment MARCH', '   ', 'x'.repeat(121)]) {
      const res = await t.call('POST', `/v1/projects/${p.projectId}/releasebatches`, { as: 'alpha-admin', body: { name } });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['name']);
    }
    const none = await t.call('POST', `/v1/projects/${p.projectId}/releasebatches`, { as: 'alpha-admin' });
    expect(none.json().errors).toEqual({ name: ['Name is required.'] });
  });

  it('answers 422 for an unknown sortby, status or page past the end', async () => {
    for (const [query, key] of [['sortby=serial', 'sortby'], ['status=shipped', 'status'], ['page=9', 'page']]) {
      const res = await t.call('GET', `/v1/projects/${p.projectId}/releasebatches?${query}`, { as: 'alpha-viewer' });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([key]);
    }
  });

  it("hides another company's project with 404 and needs a login", async () => {
    expect((await t.call('GET', `/v1/projects/${beta.projectId}/releasebatches`, { as: 'alpha-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/projects/${p.projectId}/releasebatches`)).statusCode).toBe(401);
  });
});

describe('GET /v1/projects/:id/devices/unreleased', () => {
  it('lists passed boards in no release batch, with serial search, batch filter and sort', async () => {
    const all = await t.call('GET', `/v1/projects/${p.projectId}/devices/unreleased?sortby=serial`, { as: 'alpha-viewer' });
    expect(all.statusCode).toBe(200);
    expect(serials(all)).toEqual(['RA-01', 'RA-02', 'RA-03', 'RA-04', 'RA-05', 'RB-01', 'RB-02']);
    expect(all.json().meta).toEqual({ page: 1, limit: 25, total: 7 });
    const search = await t.call('GET', `/v1/projects/${p.projectId}/devices/unreleased?search=rb&sortby=serial&sortdesc=true`, { as: 'alpha-viewer' });
    expect(serials(search)).toEqual(['RB-02', 'RB-01']);
    expect(search.json().meta.total).toBe(2);
    const lot = await t.call('GET', `/v1/projects/${p.projectId}/devices/unreleased?production_batch_id=${lot2}&limit=1`, { as: 'alpha-viewer' });
    expect(serials(lot)).toEqual(['RB-01']);
    expect(lot.json().meta).toEqual({ page: 1, limit: 1, total: 2 });
  });

  it('answers 422 for an unknown sortby or status, 404 for another company', async () => {
    for (const [query, key] of [['sortby=name', 'sortby'], ['production_batch_id=x', 'production_batch_id'], ['format=xml', 'format']]) {
      const res = await t.call('GET', `/v1/projects/${p.projectId}/devices/unreleased?${query}`, { as: 'alpha-viewer' });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([key]);
    }
    expect((await t.call('GET', `/v1/projects/${beta.projectId}/devices/unreleased`, { as: 'alpha-viewer' })).statusCode).toBe(404);
  });
});

describe('PATCH /v1/releasebatches/:id/update: picking boards', () => {
  it('adds passed boards of the project and skips the rest', async () => {
    const batch = await create('Pick test');
    const res = await update(batch, { add: [id['RA-01'], id['RA-02'], id['RA-02'], id['FA-01'], id['RA-99'], 999999] });
    expect(res.statusCode).toBe(200);
    const result = releaseBatchUpdateDevicesResult.parse(res.json().data);
    expect(result).toMatchObject({ added: 2, skipped: 3, removed: 0, released: 0 });
    expect(result.batch).toMatchObject({ id: batch, status: 'draft', device_count: 2 });
    // The picked boards left the pool.
    const pool = await t.call('GET', `/v1/projects/${p.projectId}/devices/unreleased?sortby=serial`, { as: 'alpha-viewer' });
    expect(serials(pool)).toEqual(['RA-03', 'RA-04', 'RA-05', 'RB-01', 'RB-02']);
    expect(pool.json().meta.total).toBe(5);
    const lot1 = await t.call('GET', `/v1/projects/${p.projectId}/devices/unreleased?production_batch_id=${p.batchId}`, { as: 'alpha-viewer' });
    expect(lot1.json().meta.total).toBe(3);
    // A board of another draft is not taken from it.
    const other = await create('Pick test 2');
    const again = await update(other, { add: [id['RA-01'], id['RA-03']] });
    expect(again.json().data).toMatchObject({ added: 1, skipped: 1 });
    // Remove, then add, in one request: both apply, in that order.
    const swap = await update(batch, { remove: [id['RA-02'], id['RA-03']], add: [id['RA-04']] });
    expect(swap.json().data).toMatchObject({ removed: 1, added: 1, batch: { device_count: 2 } });
    const put = await update(other, { remove: [id['RA-03']] });
    expect(put.json().data).toMatchObject({ removed: 1, batch: { device_count: 0 } });
  });

  it('adds every matching board of the pool', async () => {
    const batch = await create('All matching');
    const lot = await update(batch, { add_matching: { production_batch_id: lot2 } });
    expect(lot.json().data).toMatchObject({ added: 2, skipped: 0, batch: { device_count: 2 } });
    const search = await update(batch, { add_matching: { search: 'ra-0' } });
    // RA-01 and RA-04 sit in "Pick test".
    expect(search.json().data).toMatchObject({ added: 3, batch: { device_count: 5 } });
    const pool = await t.call('GET', `/v1/projects/${p.projectId}/devices/unreleased`, { as: 'alpha-viewer' });
    expect(serials(pool)).toEqual([]);
    expect(pool.json().meta.total).toBe(0);
    const back = await update(batch, { remove: [id['RA-02'], id['RA-03'], id['RA-05'], id['RB-01'], id['RB-02']] });
    expect(back.json().data).toMatchObject({ removed: 5, batch: { device_count: 0 } });
  });

  it("keeps a draft in serial order when a picked board's serial is corrected", async () => {
    const q = await createProduction(t, 'alpha', { project: 'Release serials' });
    const boards = await testBoards(q, ['SO-1', 'SO-2', 'SO-3']);
    const batch = await create('Serial order', q);
    expect((await update(batch, { add: Object.values(boards) })).json().data).toMatchObject({ added: 3 });
    const fixed = await t.call('PATCH', `/v1/manage/devices/${boards['SO-1']}`, { as: 'root', body: { serial: 'SO-9' } });
    expect(fixed.statusCode).toBe(200);
    const list = await t.call('GET', `/v1/releasebatches/${batch}/devices`, { as: 'alpha-viewer' });
    expect(serials(list)).toEqual(['SO-2', 'SO-3', 'SO-9']);
    const search = await t.call('GET', `/v1/releasebatches/${batch}/devices?search=so-9`, { as: 'alpha-viewer' });
    expect(serials(search)).toEqual(['SO-9']);
  });

  it('lists a picked board under the production batch a correction moved it to, alone or by its panel', async () => {
    const q = await createProduction(t, 'alpha', { project: 'Release moves' });
    const lotB = await q.addBatch('Lot B');
    const boards = await testBoards(q, ['MV-1', 'MV-2', 'MV-3']);
    const batch = await create('Moved boards', q);
    expect((await update(batch, { add: Object.values(boards) })).json().data).toMatchObject({ added: 3 });
    const byLot = async () =>
      (await t.call('GET', `/v1/releasebatches/${batch}`, { as: 'alpha-viewer' })).json().data.production_batches.map(
        (b: { id: number; device_count: number }) => [b.id, b.device_count],
      );
    expect(await byLot()).toEqual([[q.batchId, 3]]);
    const moved = await t.call('PATCH', `/v1/manage/devices/${boards['MV-1']}`, { as: 'root', body: { production_batch_id: lotB } });
    expect(moved.statusCode).toBe(200);
    expect(await byLot()).toEqual([[q.batchId, 2], [lotB, 1]]);
    for (const serial of ['MV-2', 'MV-3']) {
      expect((await t.call('PATCH', `/v1/manage/devices/${boards[serial]}`, { as: 'root', body: { panel_id: 'MV-PANEL' } })).statusCode).toBe(200);
    }
    const panel = await t.call('PATCH', '/v1/manage/devices/panel/MV-PANEL', { as: 'root', body: { production_batch_id: lotB } });
    expect(panel.json().data).toMatchObject({ device_count: 2, changed: 2 });
    expect(await byLot()).toEqual([[lotB, 3]]);
  });

  it('answers 422 with field errors for a bad body', async () => {
    const batch = await create('Bad bodies');
    const cases: [unknown, string][] = [
      [{}, 'add'],
      [{ add: 'all' }, 'add'],
      [{ add: [0] }, 'add.0'],
      [{ remove: ['x'] }, 'remove.0'],
      [{ add: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'add'],
      [{ release: false }, 'release'],
      [{ add_matching: { production_batch_id: -1 } }, 'add_matching.production_batch_id'],
    ];
    for (const [body, key] of cases) {
      const res = await update(batch, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(key);
    }
  });

  it('refuses viewers and operators with 403, another company with 404', async () => {
    const batch = await create('Guarded');
    for (const user of ['alpha-viewer', 'alpha-operator']) {
      expect((await update(batch, { add: [id['RA-05']] }, user)).statusCode).toBe(403);
      expect((await update(batch, { release: true }, user)).statusCode).toBe(403);
      expect((await t.call('PATCH', `/v1/releasebatches/${batch}`, { as: user, body: { name: 'Mine' } })).statusCode).toBe(403);
    }
    for (const user of ['beta-admin', 'beta-engineer']) {
      expect((await update(batch, { add: [id['RA-05']] }, user)).statusCode).toBe(404);
      expect((await t.call('GET', `/v1/releasebatches/${batch}`, { as: user })).statusCode).toBe(404);
      expect((await t.call('GET', `/v1/releasebatches/${batch}/devices`, { as: user })).statusCode).toBe(404);
      expect((await t.call('PATCH', `/v1/releasebatches/${batch}`, { as: user, body: { name: 'Mine' } })).statusCode).toBe(404);
    }
    // A beta engineer cannot pull alpha's boards into a beta draft either.
    const betaDraft = await create('Beta draft', beta, 'beta-engineer');
    const res = await update(betaDraft, { add: [id['RA-05']], add_matching: { production_batch_id: p.batchId } }, 'beta-engineer');
    expect(res.json().data).toMatchObject({ added: 0, skipped: 1 });
    for (const path of ['999999', 'abc']) {
      expect((await t.call('GET', `/v1/releasebatches/${path}`, { as: 'root' })).statusCode).toBe(404);
    }
    expect((await t.call('GET', `/v1/releasebatches/${batch}`)).statusCode).toBe(401);
  });
});

describe('PATCH /v1/releasebatches/:id', () => {
  it('renames a draft; a taken name is a 422', async () => {
    const batch = await create('Rename me');
    const res = await t.call('PATCH', `/v1/releasebatches/${batch}`, { as: 'alpha-admin', body: { name: 'Renamed' } });
    expect(res.statusCode).toBe(200);
    expect(releaseBatchSchema.parse(res.json().data)).toMatchObject({ id: batch, name: 'Renamed' });
    const taken = await t.call('PATCH', `/v1/releasebatches/${batch}`, { as: 'alpha-admin', body: { name: 'shipment march' } });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toEqual(['name']);
    const blank = await t.call('PATCH', `/v1/releasebatches/${batch}`, { as: 'alpha-admin', body: {} });
    expect(blank.statusCode).toBe(422);
  });
});

describe('releasing', () => {
  let batch: number;

  it('refuses an empty batch with 409', async () => {
    batch = await create('Release 1');
    const res = await update(batch, { release: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no boards/);
  });

  it('releases all boards at once and moves the counters', async () => {
    const lotsBefore = await counters([p.batchId, lot2]);
    const res = await update(batch, { add: [id['RA-02'], id['RA-03'], id['RB-01']], release: true });
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ added: 3, released: 3, batch: { status: 'released', device_count: 3, not_qualifying_count: 0 } });
    expect(result.batch.released_by).toEqual({ id: t.userIds['alpha-engineer'], username: 'alpha-engineer' });
    expect(Date.parse(result.batch.released_at)).not.toBeNaN();
    const after = await counters([p.batchId, lot2]);
    expect(after[0]).toMatchObject({ passed_count: lotsBefore[0].passed_count - 2, released_count: 2 });
    expect(after[1]).toMatchObject({ passed_count: lotsBefore[1].passed_count - 1, released_count: 1 });
    const totals = await t.call('GET', `/v1/batch/${lot2}/totals`, { as: 'alpha-viewer' });
    expect(totals.json().data).toMatchObject({ released: 1, passed: 1 });
    const device = await t.call('GET', `/v1/devices/${id['RA-02']}`, { as: 'alpha-viewer' });
    expect(device.json().data).toMatchObject({ status: 'released', release_batch_id: batch });
  });

  it('shows the released batch with its production batches', async () => {
    const res = await t.call('GET', `/v1/releasebatches/${batch}`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    const detail = releaseBatchDetailSchema.parse(res.json().data);
    expect(detail.production_batches).toEqual([
      { id: p.batchId, name: 'Lot 1', device_count: 2 },
      { id: lot2, name: 'Lot 2', device_count: 1 },
    ]);
    const list = await t.call('GET', `/v1/projects/${p.projectId}/releasebatches?status=released`, { as: 'alpha-viewer' });
    expect(names(list)).toEqual(['Release 1']);
  });

  it('refuses any later change with 409 and changes nothing', async () => {
    const before = (await t.call('GET', `/v1/releasebatches/${batch}`, { as: 'alpha-viewer' })).json().data;
    const refused = [
      await t.call('PATCH', `/v1/releasebatches/${batch}`, { as: 'alpha-admin', body: { name: 'Renamed late' } }),
      await update(batch, { add: [id['RA-05']] }),
      await update(batch, { remove: [id['RA-02']] }),
      await update(batch, { release: true }),
      await update(batch, { add_matching: {}, release: true }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409, 409, 409]);
    expect(refused[0].json().message).toMatch(/released/);
    expect((await t.call('GET', `/v1/releasebatches/${batch}`, { as: 'alpha-viewer' })).json().data).toEqual(before);
    const pool = await t.call('GET', `/v1/projects/${p.projectId}/devices/unreleased?sortby=serial`, { as: 'alpha-viewer' });
    expect(serials(pool)).not.toContain('RA-02');
    expect(serials(pool)).toContain('RA-05');
  });

  it('keeps a released board released when a jig reports it again', async () => {
    const res = await p.report({ serial: 'RA-02', result: 'fail' });
    expect(res.statusCode).toBe(201);
    const device = await t.call('GET', `/v1/devices/${id['RA-02']}`, { as: 'alpha-viewer' });
    expect(device.json().data).toMatchObject({ status: 'released', last_result: 'fail' });
  });

  it("lists the batch's boards, and downloads exactly its serials as CSV", async () => {
    const list = await t.call('GET', `/v1/releasebatches/${batch}/devices?sortby=serial`, { as: 'alpha-viewer' });
    expect(list.statusCode).toBe(200);
    expect(serials(list)).toEqual(['RA-02', 'RA-03', 'RB-01']);
    expect(list.json().meta).toEqual({ page: 1, limit: 25, total: 3 });
    const lot = await t.call('GET', `/v1/releasebatches/${batch}/devices?production_batch_id=${lot2}`, { as: 'alpha-viewer' });
    expect(serials(lot)).toEqual(['RB-01']);
    expect(lot.json().meta.total).toBe(1);
    const search = await t.call('GET', `/v1/releasebatches/${batch}/devices?search=ra&sortdesc=true&sortby=serial`, { as: 'alpha-viewer' });
    expect(serials(search)).toEqual(['RA-03', 'RA-02']);
    const none = await t.call('GET', `/v1/releasebatches/${batch}/devices?not_qualifying=true`, { as: 'alpha-viewer' });
    expect(none.json()).toEqual({ data: [], meta: { page: 1, limit: 25, total: 0 } });

    const csv = await t.call('GET', `/v1/releasebatches/${batch}/devices?format=csv&sortby=serial`, { as: 'alpha-viewer' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="Release-A-Release-1-devices.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('serial,batch,status,last_result,tested_at,first_pass');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['RA-02', 'RA-03', 'RB-01']);
    expect(lines.slice(1).every((l) => l.split(',')[2] === 'released')).toBe(true);
    const byAccept = await t.call('GET', `/v1/releasebatches/${batch}/devices`, { as: 'alpha-viewer', headers: { accept: 'text/csv' } });
    // Without a sortby a release batch lists its boards by serial.
    expect(byAccept.body).toBe(csv.body);
  });

  it('answers 422 for an unknown sortby on the batch list, 404 for an unknown batch', async () => {
    const res = await t.call('GET', `/v1/releasebatches/${batch}/devices?sortby=name`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['sortby']);
    expect((await t.call('GET', '/v1/releasebatches/999999/devices', { as: 'alpha-viewer' })).statusCode).toBe(404);
  });
});

async function counters(batchIds: number[]) {
  return Promise.all(
    batchIds.map((batchId) =>
      t.db.selectFrom('production_batches').where('id', '=', batchId).select(['passed_count', 'released_count']).executeTakeFirstOrThrow(),
    ),
  );
}

describe('people of another company who joined the project', () => {
  it('read its release batches and boards, and may not change them (403)', async () => {
    const shared = await createProduction(t, 'alpha', { project: 'Shared with the maker' });
    const boards = await testBoards(shared, ['SM-1', 'SM-2']);
    const batch = await create('Maker can see', shared);
    await update(batch, { add: [boards['SM-1']] });
    const now = new Date().toISOString();
    for (const user of ['beta-viewer', 'beta-engineer']) {
      await t.db.insertInto('project_members').values({ project_id: shared.projectId, user_id: t.userIds[user], invite_id: null, created_at: now }).execute();
      // Written behind the app's back (accepting an invite does this itself).
      forgetUserSessions(t.db, t.userIds[user]);
    }
    for (const url of [
      `/v1/projects/${shared.projectId}/releasebatches`,
      `/v1/projects/${shared.projectId}/devices/unreleased`,
      `/v1/releasebatches/${batch}`,
      `/v1/releasebatches/${batch}/devices`,
    ]) {
      expect((await t.call('GET', url, { as: 'beta-viewer' })).statusCode, url).toBe(200);
    }
    expect((await t.call('POST', `/v1/projects/${shared.projectId}/releasebatches`, { as: 'beta-engineer', body: { name: 'Mine' } })).statusCode).toBe(403);
    expect((await t.call('PATCH', `/v1/releasebatches/${batch}`, { as: 'beta-engineer', body: { name: 'Mine' } })).statusCode).toBe(403);
    expect((await update(batch, { add: [boards['SM-2']], release: true }, 'beta-engineer')).statusCode).toBe(403);
    // Membership is per project: the other alpha projects stay hidden.
    expect((await t.call('GET', `/v1/projects/${p.projectId}/releasebatches`, { as: 'beta-viewer' })).statusCode).toBe(404);
  });
});
