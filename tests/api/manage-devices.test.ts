import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchCounters, createProduction, dailyStats, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let a: Production;
let b: Production;
let beta: Production;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await createProduction(t, 'alpha', { project: 'Manage A' });
  b = await createProduction(t, 'alpha', { project: 'Manage B' });
  beta = await createProduction(t, 'beta', { project: 'Manage Beta' });
  const post = async (prod: Production, serial: string, result: 'pass' | 'fail' | 'error', day = '2024-05-01') => {
    const res = await prod.report({ serial, result, finished_at: `${day}T10:00:00.000Z` });
    id[serial] = res.json().data.device_id;
  };
  await post(a, 'MA-1', 'pass');
  await post(a, 'MA-2', 'fail');
  await post(a, 'MA-2', 'pass', '2024-05-02');
  await post(a, 'MA-3', 'fail');
  await post(b, 'MB-1', 'pass');
  await post(beta, 'MA-9', 'fail');
});
afterAll(() => t?.close());

const serials = (res: { json: () => { data: { serial: string }[] } }) => res.json().data.map((d) => d.serial);

async function expectConsistent(prod: Production, ...batchIds: number[]) {
  for (const batchId of [prod.batchId, ...batchIds]) {
    const { stored, recounted } = await batchCounters(t, batchId);
    expect(stored, `batch ${batchId}`).toEqual(recounted);
  }
  const daily = await dailyStats(t, prod.projectId);
  expect(daily.stored).toEqual(daily.recounted);
  expect(daily.sliced).toEqual(daily.recounted);
}

describe('GET /v1/manage/devices', () => {
  it('lists devices of every company to a superadmin, with project and company', async () => {
    const res = await t.call('GET', '/v1/manage/devices?sortby=serial', { as: 'root' });
    expect(res.statusCode).toBe(200);
    expect(serials(res)).toEqual(['MA-1', 'MA-2', 'MA-3', 'MA-9', 'MB-1']);
    expect(res.json().meta.total).toBe(5);
    expect(res.json().data[3]).toMatchObject({ serial: 'MA-9', project_name: 'Manage Beta', company_id: t.companyIds.beta, company_name: 'Beta Builders' });
  });

  it('filters by company, project, status and serial prefix', async () => {
    const byCompany = await t.call('GET', `/v1/manage/devices?company_id=${t.companyIds.alpha}&sortby=id&sortdesc=true`, { as: 'root' });
    expect(serials(byCompany)).toEqual(['MB-1', 'MA-3', 'MA-2', 'MA-1']);
    expect(byCompany.json().meta.total).toBe(4);
    const byProject = await t.call('GET', `/v1/manage/devices/?project_id=${a.projectId}&status=failed`, { as: 'root' });
    expect(serials(byProject)).toEqual(['MA-3']);
    expect(byProject.json().meta.total).toBe(1);
    const search = await t.call('GET', '/v1/manage/devices?search=ma-&sortby=serial&sortdesc=true&limit=2', { as: 'root' });
    expect(serials(search)).toEqual(['MA-9', 'MA-3']);
    expect(search.json().meta).toEqual({ page: 1, limit: 2, total: 4 });
    const failed = await t.call('GET', '/v1/manage/devices?status=failed', { as: 'root' });
    expect(failed.json().meta.total).toBe(2);
  });

  it('answers 422 for unknown sortby and page 0', async () => {
    for (const [query, key] of [['sortby=created_at', 'sortby'], ['page=0', 'page'], ['company_id=x', 'company_id']]) {
      const res = await t.call('GET', `/v1/manage/devices?${query}`, { as: 'root' });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([key]);
    }
  });

  it.each(['alpha-admin', 'alpha-engineer', 'beta-viewer'])('refuses %s with 403', async (user) => {
    expect((await t.call('GET', '/v1/manage/devices', { as: user })).statusCode).toBe(403);
    expect((await t.call('PATCH', `/v1/manage/devices/${id['MA-1']}`, { as: user, body: { status: 'scrapped' } })).statusCode).toBe(403);
    expect((await t.call('PATCH', '/v1/manage/devices/panel/PNL-1', { as: user, body: { status: 'scrapped' } })).statusCode).toBe(403);
  });

  it('needs a login', async () => {
    expect((await t.call('GET', '/v1/manage/devices')).statusCode).toBe(401);
  });
});

describe('PATCH /v1/manage/devices/:id', () => {
  it('corrects serial and status, keeping counters right', async () => {
    const res = await t.call('PATCH', `/v1/manage/devices/${id['MA-3']}`, { as: 'root', body: { serial: 'MA-3b', status: 'scrapped' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: id['MA-3'], serial: 'MA-3b', status: 'scrapped', project_name: 'Manage A' });
    const { stored } = await batchCounters(t, a.batchId);
    expect(stored).toMatchObject({ device_count: 3, passed_count: 2, failed_count: 0, scrapped_count: 1, tested_count: 3, first_pass_count: 1, report_count: 4 });
    await expectConsistent(a);
    const found = await t.call('GET', `/v1/projects/${a.projectId}/devices?search=ma-3B`, { as: 'alpha-viewer' });
    expect(serials(found)).toEqual(['MA-3b']);
  });

  it('moves a device to another batch of its project with its report statistics', async () => {
    const lot2 = await a.addBatch('Lot 2');
    const res = await t.call('PATCH', `/v1/manage/devices/${id['MA-2']}`, { as: 'root', body: { production_batch_id: lot2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ production_batch_id: lot2, production_batch_name: 'Lot 2' });
    expect((await batchCounters(t, lot2)).stored).toMatchObject({ device_count: 1, passed_count: 1, tested_count: 1, first_pass_count: 0, report_count: 2 });
    await expectConsistent(a, lot2);
    const reports = await t.db.selectFrom('device_reports').where('device_id', '=', id['MA-2']).select('production_batch_id').execute();
    expect(reports.map((r) => r.production_batch_id)).toEqual([lot2, lot2]);
  });

  it('refuses a batch of another project, a taken serial and bad fields with 422', async () => {
    const other = await t.call('PATCH', `/v1/manage/devices/${id['MA-1']}`, { as: 'root', body: { production_batch_id: b.batchId, serial: 'ma-3B' } });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json().errors).sort()).toEqual(['production_batch_id', 'serial']);
    const bad = await t.call('PATCH', `/v1/manage/devices/${id['MA-1']}`, { as: 'root', body: { status: 'lost', serial: '' } });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['serial', 'status']);
    // The same serial in another project is fine.
    const elsewhere = await t.call('PATCH', `/v1/manage/devices/${id['MB-1']}`, { as: 'root', body: { serial: 'MA-1' } });
    expect(elsewhere.statusCode).toBe(200);
    await expectConsistent(a);
  });

  it('never fakes or undoes a release: released only through a release batch, then final', async () => {
    const faked = await t.call('PATCH', `/v1/manage/devices/${id['MA-1']}`, { as: 'root', body: { status: 'released' } });
    expect(faked.statusCode).toBe(422);
    expect(faked.json().errors.status).toEqual(['Boards are released through a release batch of their project.']);

    const created = await t.call('POST', `/v1/projects/${b.projectId}/releasebatches`, { as: 'alpha-engineer', body: { name: 'Ship 1' } });
    const rb = created.json().data.id;
    const update = (body: object) => t.call('PATCH', `/v1/releasebatches/${rb}/update`, { as: 'alpha-engineer', body });
    expect((await update({ add: [id['MB-1']] })).json().data.added).toBe(1);
    expect((await update({ release: true })).statusCode).toBe(200);

    const undone = await t.call('PATCH', `/v1/manage/devices/${id['MB-1']}`, { as: 'root', body: { status: 'passed' } });
    expect(undone.statusCode).toBe(409);
    expect(undone.json().message).toBe('This board was released; its status can no longer change.');
    const device = await t.call('GET', `/v1/devices/${id['MB-1']}`, { as: 'alpha-viewer' });
    expect(device.json().data.status).toBe('released');
    await expectConsistent(b);
  });

  it('answers 404 for an unknown device', async () => {
    expect((await t.call('PATCH', '/v1/manage/devices/999999', { as: 'root', body: { status: 'passed' } })).statusCode).toBe(404);
  });
});

describe('panel ids', () => {
  it('are set and cleared by the single correction and shown in the list', async () => {
    const set = await t.call('PATCH', `/v1/manage/devices/${id['MA-1']}`, { as: 'root', body: { panel_id: '  PNL-A7  ' } });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.panel_id).toBe('PNL-A7');
    const list = await t.call('GET', `/v1/manage/devices?project_id=${a.projectId}&sortby=serial`, { as: 'root' });
    expect(list.json().data.map((d: { serial: string; panel_id: string | null }) => [d.serial, d.panel_id])).toEqual([
      ['MA-1', 'PNL-A7'],
      ['MA-2', null],
      [expect.stringMatching(/^MA-3/), null],
    ]);
    const cleared = await t.call('PATCH', `/v1/manage/devices/${id['MA-1']}`, { as: 'root', body: { panel_id: '' } });
    expect(cleared.json().data.panel_id).toBeNull();
    const long = await t.call('PATCH', `/v1/manage/devices/${id['MA-1']}`, { as: 'root', body: { panel_id: 'x'.repeat(65) } });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ panel_id: ['Panel id is at most 64 characters.'] });
  });

  it('come with a jig report, and a later report without one keeps it', async () => {
    const q = await createProduction(t, 'alpha', { project: 'Panel reports' });
    const first = await q.report({ serial: 'JR-1', result: 'pass', panel_id: 'JIG-PANEL-1' });
    expect(first.statusCode).toBe(201);
    const deviceId = first.json().data.device_id;
    const panelOf = async () => (await t.db.selectFrom('devices').where('id', '=', deviceId).select('panel_id').executeTakeFirstOrThrow()).panel_id;
    expect(await panelOf()).toBe('JIG-PANEL-1');
    expect((await q.report({ serial: 'JR-1', result: 'fail' })).statusCode).toBe(201);
    expect(await panelOf()).toBe('JIG-PANEL-1');
    expect((await q.report({ serial: 'JR-1', result: 'pass', panel_id: 'JIG-PANEL-2' })).statusCode).toBe(201);
    expect(await panelOf()).toBe('JIG-PANEL-2');
    const empty = await q.report({ serial: 'JR-1', result: 'pass', panel_id: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['panel_id']);
  });
});

describe('PATCH /v1/manage/devices/panel/:id', () => {
  /** Ten boards of a fresh project, the first six on panel `panel`, with reports over three days. */
  async function panelProduction(project: string, panel: string) {
    const q = await createProduction(t, 'alpha', { project });
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await q.report({
        serial: `${panel}-${i}`,
        result: i % 3 === 0 ? 'fail' : 'pass',
        finished_at: `2024-05-0${1 + (i % 3)}T10:00:00.000Z`,
        ...(i < 6 && { panel_id: panel }),
      });
      ids.push(res.json().data.device_id);
      if (i % 4 === 0) await q.report({ serial: `${panel}-${i}`, result: 'pass', finished_at: '2024-05-04T10:00:00.000Z' });
    }
    return { q, ids };
  }
  const correctPanel = (panel: string, body: unknown, as = 'root') =>
    t.call('PATCH', `/v1/manage/devices/panel/${encodeURIComponent(panel)}`, { as, body });

  it('moves every board of the panel to another batch atomically, counters equal to a recount', async () => {
    const { q, ids } = await panelProduction('Panel', 'PX 1/A');
    const target = await q.addBatch('Rework');
    const res = await correctPanel('PX 1/A', { production_batch_id: target });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ panel_id: 'PX 1/A', device_count: 6, changed: 6 });
    expect((await batchCounters(t, target)).stored.device_count).toBe(6);
    expect((await batchCounters(t, q.batchId)).stored.device_count).toBe(4);
    await expectConsistent(q, target);
    const moved = await t.call('GET', `/v1/productionbatches/${target}/devices?sortby=id`, { as: 'alpha-viewer' });
    expect(moved.json().data.map((d: { id: number }) => d.id)).toEqual(ids.slice(0, 6));
    const reports = await t.db.selectFrom('device_reports').where('device_id', 'in', ids.slice(0, 6)).select('production_batch_id').execute();
    expect(new Set(reports.map((r) => r.production_batch_id))).toEqual(new Set([target]));

    // Again: nothing left to change.
    expect((await correctPanel('PX 1/A', { production_batch_id: target })).json().data).toEqual({ panel_id: 'PX 1/A', device_count: 6, changed: 0 });
  });

  it('sets one status on every board of the panel', async () => {
    const { q, ids } = await panelProduction('Panel status', 'PS-1');
    const res = await correctPanel('PS-1', { status: 'scrapped' });
    expect(res.json().data).toEqual({ panel_id: 'PS-1', device_count: 6, changed: 6 });
    const statuses = await t.db.selectFrom('devices').where('id', 'in', ids).orderBy('id').select('status').execute();
    expect(statuses.map((d) => d.status)).toEqual([...Array(6).fill('scrapped'), 'failed', 'passed', 'passed', 'failed']);
    expect((await batchCounters(t, q.batchId)).stored).toMatchObject({ device_count: 10, scrapped_count: 6 });
    await expectConsistent(q);
  });

  it('refuses the whole panel when one board was released (409), and changes nothing', async () => {
    const { q, ids } = await panelProduction('Panel released', 'PR-1');
    const created = await t.call('POST', `/v1/projects/${q.projectId}/releasebatches`, { as: 'alpha-engineer', body: { name: 'Ship PR' } });
    const rb = created.json().data.id;
    const update = (body: object) => t.call('PATCH', `/v1/releasebatches/${rb}/update`, { as: 'alpha-engineer', body });
    expect((await update({ add: [ids[1]] })).json().data.added).toBe(1);
    expect((await update({ release: true })).statusCode).toBe(200);
    const counters = await batchCounters(t, q.batchId); // also waits until the board says "released" itself
    const before = await t.db.selectFrom('devices').where('id', 'in', ids).orderBy('id').select(['status', 'production_batch_id']).execute();

    const refused = await correctPanel('PR-1', { status: 'failed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("1 board of panel “PR-1” was released; a released board's status can no longer change. Nothing was changed.");
    expect(await t.db.selectFrom('devices').where('id', 'in', ids).orderBy('id').select(['status', 'production_batch_id']).execute()).toEqual(before);
    expect(await batchCounters(t, q.batchId)).toEqual(counters);

    const faked = await correctPanel('PR-1', { status: 'released' });
    expect(faked.statusCode).toBe(422);
    expect(faked.json().errors).toEqual({ status: ['Boards are released through a release batch of their project.'] });

    // A move keeps every status, the released board's too (as the single correction does).
    const lot2 = await q.addBatch('Lot 2');
    expect((await correctPanel('PR-1', { production_batch_id: lot2 })).json().data.changed).toBe(6);
    await expectConsistent(q, lot2);
  });

  it('refuses a batch of another project (422), a panel across projects (409) and an unknown panel (404)', async () => {
    const { q } = await panelProduction('Panel other', 'PO-1');
    const other = await t.call('PATCH', `/v1/manage/devices/panel/PO-1`, { as: 'root', body: { production_batch_id: b.batchId } });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ production_batch_id: ['Pick a batch of the same project.'] });
    const bad = await correctPanel('PO-1', { status: 'lost', production_batch_id: '3' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['production_batch_id', 'status']);

    // The same panel id on a board of another project, by chance.
    await t.call('PATCH', `/v1/manage/devices/${id['MB-1']}`, { as: 'root', body: { panel_id: 'PO-1' } });
    const across = await correctPanel('PO-1', { status: 'scrapped' });
    expect(across.statusCode).toBe(409);
    expect(across.json().message).toBe('Panel “PO-1” holds boards of 2 projects; correct its boards one by one.');
    expect((await batchCounters(t, q.batchId)).stored.scrapped_count).toBe(0);

    const unknown = await correctPanel('NO-SUCH-PANEL', { status: 'scrapped' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No board carries the panel id “NO-SUCH-PANEL”.');
  });

  it('stays consistent when reports, single corrections and panel moves run at the same time', async () => {
    const q = await createProduction(t, 'alpha', { project: 'Panel race' });
    const other = await q.addBatch('Other');
    const ids: Record<string, number> = {};
    for (let i = 0; i < 8; i++) {
      const serial = `R-${i}`;
      const res = await q.report({ serial, result: i % 2 ? 'pass' : 'fail', panel_id: i < 4 ? 'RACE-A' : 'RACE-B', ...(i >= 4 && { production_batch_id: other }) });
      ids[serial] = res.json().data.device_id;
    }
    const answers = await Promise.all([
      correctPanel('RACE-A', { production_batch_id: other }),
      correctPanel('RACE-B', { production_batch_id: q.batchId }),
      t.call('PATCH', `/v1/manage/devices/${ids['R-3']}`, { as: 'root', body: { status: 'scrapped' } }),
      ...Object.keys(ids).flatMap((serial) => [q.report({ serial, result: 'pass' }), q.report({ serial, result: 'fail' })]),
      q.report({ serial: 'R-new', result: 'pass' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, ...Array(17).fill(201)]);
    await expectConsistent(q, other);
  });
});
