import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchoredPage } from '../../server/store/device-anchors';
import { countDevices, DEVICE_SORTING, listDevices } from '../../server/store/devices';
import { createProduction, repairCounters, wroteBehindTheServer, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let p: Production;
let beta: Production;
let batch2: number;
const deviceId: Record<string, number> = {};
const reportId: Record<string, number> = {};

const at = (hh: string) => `2024-04-01T${hh}:00:00.000Z`;

/** Devices in creation (id) order; two have no report at all (tested_at null). */
beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Device List' });
  beta = await createProduction(t, 'beta');
  batch2 = await p.addBatch('Lot 2');
  const reports: [string, 'pass' | 'fail' | 'error', string, number?][] = [
    ['AB-001', 'pass', '10'],
    ['ab-002', 'fail', '10'],
    ['AB-010', 'error', '09'],
    ['XAB-1', 'pass', '11', batch2],
    ['ZZ-9', 'fail', '08', batch2],
    ['ac-1', 'pass', '12'],
  ];
  for (const [serial, result, hh, batch] of reports) {
    const res = await p.report({ serial, result, finished_at: at(hh), ...(batch && { production_batch_id: batch }) });
    deviceId[serial] = res.json().data.device_id;
    reportId[serial] = res.json().data.report_id;
  }
  const now = new Date().toISOString();
  for (const serial of ['AB-100', 'NEW-1']) {
    const row = await t.db
      .insertInto('devices')
      .values({ project_id: p.projectId, production_batch_id: p.batchId, serial, serial_key: serial.toLowerCase(), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    deviceId[serial] = row.id;
  }
  await repairCounters(t, p.projectId);
  await beta.report({ serial: 'AB-BETA' });
});
afterAll(() => t?.close());

const serials = (res: { json: () => { data: { serial: string }[] } }) => res.json().data.map((d) => d.serial);
const list = (query = '', as = 'alpha-viewer') => t.call('GET', `/v1/projects/${p.projectId}/devices?${query}`, { as });

describe('GET /v1/projects/:id/devices', () => {
  it('lists devices by id with the batch name and the total from the project counter', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(serials(res)).toEqual(['AB-001', 'ab-002', 'AB-010', 'XAB-1', 'ZZ-9', 'ac-1', 'AB-100', 'NEW-1']);
    expect(res.json().meta).toEqual({ page: 1, limit: 25, total: 8 });
    expect(res.json().data[3]).toEqual({
      id: deviceId['XAB-1'],
      project_id: p.projectId,
      production_batch_id: batch2,
      production_batch_name: 'Lot 2',
      release_batch_id: null,
      serial: 'XAB-1',
      status: 'passed',
      first_pass: true,
      last_result: 'pass',
      report_count: 1,
      tested_at: at('11'),
      created_at: expect.any(String),
    });
    expect(res.json().data[6]).toMatchObject({ serial: 'AB-100', status: 'untested', first_pass: null, last_result: null, tested_at: null });
  });

  it('reads the total from the maintained counters, not by counting rows', async () => {
    await t.db.updateTable('projects').set({ device_count: 1234 }).where('id', '=', p.projectId).execute();
    wroteBehindTheServer(t);
    try {
      expect((await list()).json().meta.total).toBe(1234);
    } finally {
      await repairCounters(t, p.projectId);
    }
    const failed = await list('status=failed');
    expect(serials(failed)).toEqual(['ab-002', 'ZZ-9']);
    expect(failed.json().meta.total).toBe(2);
    const inBatch = await list(`production_batch_id=${batch2}`);
    expect(serials(inBatch)).toEqual(['XAB-1', 'ZZ-9']);
    expect(inBatch.json().meta.total).toBe(2);
    const both = await list(`production_batch_id=${batch2}&status=passed`);
    expect(serials(both)).toEqual(['XAB-1']);
    expect(both.json().meta.total).toBe(1);
    const untested = await list('status=untested&sortby=serial');
    expect(serials(untested)).toEqual(['AB-010', 'AB-100', 'NEW-1']);
    expect(untested.json().meta.total).toBe(3);
  });

  it("never lists another project's boards for a batch of that project named in the filter", async () => {
    const res = await beta.report({ serial: 'BETA-1', result: 'pass', finished_at: at('10') });
    expect(res.statusCode).toBe(201);
    const foreign = { project_id: p.projectId, production_batch_id: beta.batchId };
    const listed = await list(`production_batch_id=${beta.batchId}&sortby=tested_at&sortdesc=true`);
    expect(listed.json()).toMatchObject({ data: [], meta: { total: 0 } });
    // The page statements themselves, told the batch holds boards: the batch is judged the
    // project's on its own row, not on each board's, and a foreign one lets none through.
    for (const [sortby, sortdesc] of [['tested_at', true], ['id', false]] as const) {
      const read = { page: 1, limit: 25, sortby, sortdesc };
      expect((await anchoredPage(t.db, foreign, read, 5))?.data, sortby).toEqual([]);
      expect((await listDevices(t.db, foreign, read, DEVICE_SORTING, async () => 5)).data, sortby).toEqual([]);
    }
    expect(await countDevices(t.db, { ...foreign, search: 'beta' })).toBe(0);
    const own = await listDevices(t.db, { project_id: beta.projectId, production_batch_id: beta.batchId }, { page: 1, limit: 25 }, DEVICE_SORTING, async () => 1);
    expect(own.data.map((d) => d.serial)).toContain('BETA-1');
  });

  it('searches a serial prefix case-insensitively, and counts the matches', async () => {
    const res = await list('search=aB&sortby=serial');
    expect(serials(res)).toEqual(['AB-001', 'ab-002', 'AB-010', 'AB-100']);
    expect(res.json().meta.total).toBe(4);
    const narrow = await list('search=ab-0&status=passed');
    expect(serials(narrow)).toEqual(['AB-001']);
    expect(narrow.json().meta.total).toBe(1);
    const none = await list('search=%25');
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('sorts tested_at with untested first ascending and id as tie-breaker', async () => {
    const asc = await list('sortby=tested_at');
    expect(serials(asc)).toEqual(['AB-100', 'NEW-1', 'ZZ-9', 'AB-010', 'AB-001', 'ab-002', 'XAB-1', 'ac-1']);
    const desc = await list('sortby=tested_at&sortdesc=true');
    expect(serials(desc)).toEqual([...serials(asc)].reverse());
  });

  it('sorts by serial, status and created_at, and pages', async () => {
    expect(serials(await list('sortby=serial'))).toEqual(['AB-001', 'ab-002', 'AB-010', 'AB-100', 'ac-1', 'NEW-1', 'XAB-1', 'ZZ-9']);
    expect(serials(await list('sortby=status&sortdesc=true'))).toEqual(['NEW-1', 'AB-100', 'AB-010', 'ac-1', 'XAB-1', 'AB-001', 'ZZ-9', 'ab-002']);
    expect(serials(await list('sortby=created_at&limit=3&page=2'))).toEqual(['XAB-1', 'ZZ-9', 'ac-1']);
    const page3 = await list('sortby=serial&limit=3&page=3');
    expect(serials(page3)).toEqual(['XAB-1', 'ZZ-9']);
    expect(page3.json().meta).toEqual({ page: 3, limit: 3, total: 8 });
  });

  it('answers 422 for unknown sortby, page 0, bad status and bad batch id', async () => {
    for (const [query, key] of [
      ['sortby=serial_key', 'sortby'],
      ['page=0', 'page'],
      ['page=100000', 'page'],
      ['status=broken', 'status'],
      ['production_batch_id=abc', 'production_batch_id'],
      ['format=xml', 'format'],
    ]) {
      const res = await list(query);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([key]);
    }
  });

  it('hides another company with 404 and needs a login', async () => {
    expect((await t.call('GET', `/v1/projects/${beta.projectId}/devices`, { as: 'alpha-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/projects/${p.projectId}/devices`)).statusCode).toBe(401);
    expect((await t.call('GET', `/v1/projects/${p.projectId}/devices/`, { as: 'root' })).json().meta.total).toBe(8);
  });
});

describe('GET /v1/devices/:id, its reports and /v1/devicereports/:id', () => {
  it('shows a device with its batch name, 404 to another company', async () => {
    const res = await t.call('GET', `/v1/devices/${deviceId['ZZ-9']}`, { as: 'alpha-operator' });
    expect(res.json().data).toMatchObject({ serial: 'ZZ-9', production_batch_name: 'Lot 2', status: 'failed', first_pass: false });
    expect((await t.call('GET', `/v1/devices/${deviceId['ZZ-9']}`, { as: 'beta-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/devices/${deviceId['ZZ-9']}`)).statusCode).toBe(401);
    expect((await t.call('GET', '/v1/devices/0', { as: 'root' })).statusCode).toBe(404);
  });

  it('pages the reports of a device newest first', async () => {
    const ids = [reportId['ab-002']];
    for (const [result, hh] of [['fail', '13'], ['pass', '14']] as const) {
      const res = await p.report({ serial: 'ab-002', result, started_at: at(hh), finished_at: at(hh).replace(':00:00', ':05:00') });
      ids.push(res.json().data.report_id);
    }
    const res = await t.call('GET', `/v1/devices/${deviceId['ab-002']}/reports?limit=2`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(res.json().meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect(res.json().data[0]).toEqual({
      id: ids[2],
      uuid: expect.any(String),
      device_id: deviceId['ab-002'],
      device_serial: 'ab-002',
      project_id: p.projectId,
      enclosure_id: p.jig.id,
      enclosure_name: p.jig.name,
      enclosure_registered_name: p.jig.name,
      test_profile: 'smoke',
      test_profile_version: '1.0',
      test_profile_id: null,
      result: 'pass',
      started_at: at('14'),
      finished_at: at('14').replace(':00:00', ':05:00'),
      failed_step_count: 0,
      step_count: 3,
      // The jig has no cassette: its fixture is the jig alone, one row all its reports share.
      fixture_id: expect.any(Number),
    });
    const oldest = await t.call('GET', `/v1/devices/${deviceId['ab-002']}/reports?sortby=started_at`, { as: 'alpha-viewer' });
    expect(oldest.json().data.map((r: { id: number }) => r.id)).toEqual(ids);
    const bad = await t.call('GET', `/v1/devices/${deviceId['ab-002']}/reports?sortby=steps`, { as: 'alpha-viewer' });
    expect(Object.keys(bad.json().errors)).toEqual(['sortby']);
    expect((await t.call('GET', `/v1/devices/${deviceId['ab-002']}/reports`, { as: 'beta-viewer' })).statusCode).toBe(404);
  });

  it('shows a report with failing steps first, otherwise in the jig order', async () => {
    const steps = [
      { name: 'a-ok', pass: true },
      { name: 'b-bad', value: 7, unit: 'V', low: 0, high: 5, pass: false },
      { name: 'c-ok', value: 1.5, pass: true },
      { name: 'd-bad', pass: false },
    ];
    const res = await p.report({ serial: 'STEPS-1', result: 'fail', steps });
    const id = res.json().data.report_id;
    const detail = await t.call('GET', `/v1/devicereports/${id}/`, { as: 'alpha-viewer' });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ id, device_serial: 'STEPS-1', result: 'fail', step_count: 4, failed_step_count: 2 });
    expect(detail.json().data.steps).toEqual([
      { name: 'b-bad', value: 7, unit: 'V', low: 0, high: 5, pass: false },
      { name: 'd-bad', value: null, unit: null, low: null, high: null, pass: false },
      { name: 'a-ok', value: null, unit: null, low: null, high: null, pass: true },
      { name: 'c-ok', value: 1.5, unit: null, low: null, high: null, pass: true },
    ]);
    expect((await t.call('GET', `/v1/devicereports/${id}`, { as: 'beta-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/devicereports/${id}`)).statusCode).toBe(401);
  });
});
