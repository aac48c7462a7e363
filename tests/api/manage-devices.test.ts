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
    expect((await t.call('PATCH', `/v1/manage/devices/panel/${a.batchId}`, { as: user, body: { device_ids: [id['MA-1']], production_batch_id: a.batchId } })).statusCode).toBe(403);
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

describe('PATCH /v1/manage/devices/panel/:id', () => {
  it('moves a panel between batches atomically, counters equal to a recount', async () => {
    const q = await createProduction(t, 'alpha', { project: 'Panel' });
    const target = await q.addBatch('Rework');
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await q.report({ serial: `P-${i}`, result: i % 3 === 0 ? 'fail' : 'pass', finished_at: `2024-05-0${1 + (i % 3)}T10:00:00.000Z` });
      ids.push(res.json().data.device_id);
      if (i % 4 === 0) await q.report({ serial: `P-${i}`, result: 'pass', finished_at: '2024-05-04T10:00:00.000Z' });
    }
    const panel = ids.slice(0, 6);
    const res = await t.call('PATCH', `/v1/manage/devices/panel/${q.batchId}`, { as: 'root', body: { device_ids: panel, production_batch_id: target } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ moved: 6, from_batch_id: q.batchId, production_batch_id: target });
    expect((await batchCounters(t, target)).stored.device_count).toBe(6);
    expect((await batchCounters(t, q.batchId)).stored.device_count).toBe(4);
    await expectConsistent(q, target);
    const moved = await t.call('GET', `/v1/productionbatches/${target}/devices?sortby=serial`, { as: 'alpha-viewer' });
    expect(serials(moved)).toEqual(['P-0', 'P-1', 'P-2', 'P-3', 'P-4', 'P-5']);

    // One device not in the source batch: nothing moves.
    const before = await batchCounters(t, q.batchId);
    const partial = await t.call('PATCH', `/v1/manage/devices/panel/${q.batchId}`, {
      as: 'root',
      body: { device_ids: [ids[7], ids[0]], production_batch_id: target },
    });
    expect(partial.statusCode).toBe(422);
    expect(Object.keys(partial.json().errors)).toEqual(['device_ids']);
    expect(await batchCounters(t, q.batchId)).toEqual(before);
    await expectConsistent(q, target);
  });

  it('stays consistent when reports and opposite moves run at the same time', async () => {
    const q = await createProduction(t, 'alpha', { project: 'Panel race' });
    const other = await q.addBatch('Other');
    const ids: Record<string, number> = {};
    for (let i = 0; i < 8; i++) {
      const serial = `R-${i}`;
      const res = await q.report({ serial, result: i % 2 ? 'pass' : 'fail', ...(i >= 4 && { production_batch_id: other }) });
      ids[serial] = res.json().data.device_id;
    }
    const answers = await Promise.all([
      t.call('PATCH', `/v1/manage/devices/panel/${q.batchId}`, { as: 'root', body: { device_ids: [ids['R-0'], ids['R-1'], ids['R-2']], production_batch_id: other } }),
      t.call('PATCH', `/v1/manage/devices/panel/${other}`, { as: 'root', body: { device_ids: [ids['R-4'], ids['R-5'], ids['R-6']], production_batch_id: q.batchId } }),
      t.call('PATCH', `/v1/manage/devices/${ids['R-3']}`, { as: 'root', body: { status: 'scrapped' } }),
      ...Object.keys(ids).flatMap((serial) => [q.report({ serial, result: 'pass' }), q.report({ serial, result: 'fail' })]),
      q.report({ serial: 'R-new', result: 'pass' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, ...Array(17).fill(201)]);
    await expectConsistent(q, other);
  });

  it('refuses another project, the same batch and an empty panel with 422; an unknown batch with 404', async () => {
    const cases: [unknown, string][] = [
      [{ device_ids: [id['MA-1']], production_batch_id: b.batchId }, 'production_batch_id'],
      [{ device_ids: [id['MA-1']], production_batch_id: a.batchId }, 'production_batch_id'],
      [{ device_ids: [], production_batch_id: a.batchId }, 'device_ids'],
    ];
    for (const [body, key] of cases) {
      const res = await t.call('PATCH', `/v1/manage/devices/panel/${a.batchId}`, { as: 'root', body });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([key]);
    }
    const unknown = await t.call('PATCH', '/v1/manage/devices/panel/999999', { as: 'root', body: { device_ids: [1], production_batch_id: 1 } });
    expect(unknown.statusCode).toBe(404);
  });
});
