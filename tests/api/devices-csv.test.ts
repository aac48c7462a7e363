import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_SORTABLE } from '../../contract/devices';
import { deviceCsvStream } from '../../server/services/production/device-export';
import { deviceSortingFor } from '../../server/store/devices';
import { createProduction, repairCounters, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let p: Production;
let batch2: number;

const HEADER = 'serial,batch,status,last_result,tested_at,first_pass';

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Device Export/Ü' });
  batch2 = await p.addBatch('Lot, "two"');
  // 30 boards over two batches; tested_at repeats (ties) and a few have no report (nulls).
  for (let i = 0; i < 30; i++) {
    const serial = `SN-${String(i).padStart(3, '0')}`;
    const result = i % 4 === 0 ? 'fail' : i % 7 === 0 ? 'error' : 'pass';
    const hh = String(8 + (i % 5)).padStart(2, '0');
    await p.report({ serial, result, finished_at: `2024-04-02T${hh}:00:00.000Z`, production_batch_id: i % 3 === 0 ? batch2 : p.batchId });
  }
  await p.report({ serial: '=cmd|calc', result: 'pass', finished_at: '2024-04-02T09:00:00.000Z' });
  const now = new Date().toISOString();
  for (const serial of ['SN-900', 'SN-901', 'SN-902']) {
    await t.db
      .insertInto('devices')
      .values({ project_id: p.projectId, production_batch_id: p.batchId, serial, serial_key: serial.toLowerCase(), created_at: now, updated_at: now })
      .execute();
  }
  await repairCounters(t, p.projectId);
});
afterAll(() => t?.close());

const csvUrl = (query = '') => `/v1/projects/${p.projectId}/devices?format=csv&${query}`;
const lines = (body: string) => body.split('\r\n').filter((l) => l !== '');

/** The serials the JSON list shows for the same query, all on one page. */
async function listedSerials(query: string): Promise<string[]> {
  const res = await t.call('GET', `/v1/projects/${p.projectId}/devices?limit=200&${query}`, { as: 'alpha-viewer' });
  return res.json().data.map((d: { serial: string }) => d.serial);
}

/** The serial of a CSV line, without the `'` that defuses a formula-like serial. */
const firstColumn = (line: string) =>
  (line.startsWith('"') ? JSON.parse(line.slice(0, line.indexOf('"', 1) + 1)) : line.split(',')[0]).replace(/^'/, '');

describe('GET /v1/projects/:id/devices as CSV', () => {
  it('downloads every matching device, not a page, with attachment headers', async () => {
    const res = await t.call('GET', csvUrl('limit=2&page=3'), { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Device-Export-devices.csv"');
    const rows = lines(res.body);
    expect(rows[0]).toBe(HEADER);
    expect(rows).toHaveLength(1 + 34);
    expect(rows[1]).toBe('SN-000,"Lot, ""two""",failed,fail,2024-04-02T08:00:00.000Z,no');
    expect(rows[2]).toBe('SN-001,Lot 1,passed,pass,2024-04-02T09:00:00.000Z,yes');
    expect(rows).toContain("'=cmd|calc,Lot 1,passed,pass,2024-04-02T09:00:00.000Z,yes");
    expect(rows).toContain('SN-900,Lot 1,untested,,,');
  });

  it('answers CSV to Accept: text/csv, and JSON when format=json says so', async () => {
    const res = await t.call('GET', `/v1/projects/${p.projectId}/devices?status=failed`, { as: 'alpha-viewer', headers: { accept: 'text/csv' } });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = lines(res.body).slice(1);
    expect(rows.map(firstColumn)).toEqual(await listedSerials('status=failed'));
    expect(rows.every((r) => r.includes(',failed,'))).toBe(true);
    const json = await t.call('GET', `/v1/projects/${p.projectId}/devices?format=json`, { as: 'alpha-viewer', headers: { accept: 'text/csv' } });
    expect(json.headers['content-type']).toMatch(/application\/json/);
  });

  it('applies the filters and sort of the list', async () => {
    for (const query of ['search=sn-01&sortby=serial&sortdesc=true', `production_batch_id=${batch2}&sortby=tested_at`, 'status=passed&sortby=status']) {
      const res = await t.call('GET', csvUrl(query), { as: 'alpha-viewer' });
      expect(lines(res.body).slice(1).map(firstColumn)).toEqual(await listedSerials(query));
    }
  });

  it('streams in keyset chunks that keep the order of every sort', async () => {
    for (const sortby of DEVICE_SORTABLE) {
      for (const sortdesc of [false, true]) {
        const chunks: string[] = [];
        for await (const chunk of deviceCsvStream(t.db, { project_id: p.projectId }, { sortby, sortdesc }, undefined, 4)) chunks.push(String(chunk));
        expect(chunks.length).toBeGreaterThan(8); // header + 34 rows in chunks of 4
        const serials = lines(chunks.join('')).slice(1).map(firstColumn);
        expect(serials, `${sortby} ${sortdesc ? 'desc' : 'asc'}`).toEqual(await listedSerials(`sortby=${sortby}&sortdesc=${sortdesc}`));
      }
    }
  });

  it('keeps the same order when a search sorts its matches without an index', async () => {
    const sorting = deviceSortingFor(t.db, 0);
    for (const sortby of DEVICE_SORTABLE) {
      for (const sortdesc of [false, true]) {
        const chunks: string[] = [];
        const stream = deviceCsvStream(t.db, { project_id: p.projectId, search: 'SN-' }, { sortby, sortdesc }, sorting, 4);
        for await (const chunk of stream) chunks.push(String(chunk));
        const serials = lines(chunks.join('')).slice(1).map(firstColumn);
        expect(serials, `${sortby} ${sortdesc ? 'desc' : 'asc'}`).toEqual(await listedSerials(`search=SN-&sortby=${sortby}&sortdesc=${sortdesc}`));
        const unsearched = await listedSerials(`sortby=${sortby}&sortdesc=${sortdesc}`);
        expect(serials).toEqual(unsearched.filter((s) => s.startsWith('SN-')));
      }
    }
  });

  it('exports the devices of one batch with the batch in the file name', async () => {
    const res = await t.call('GET', `/v1/productionbatches/${batch2}/devices?format=csv`, { as: 'alpha-viewer' });
    expect(res.headers['content-disposition']).toBe('attachment; filename="Device-Export-Lot-two-devices.csv"');
    expect(lines(res.body)).toHaveLength(1 + 10);
  });

  it('hides another company with 404 and needs a login', async () => {
    const beta = await createProduction(t, 'beta');
    expect((await t.call('GET', `/v1/projects/${beta.projectId}/devices?format=csv`, { as: 'alpha-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', csvUrl())).statusCode).toBe(401);
  });
});
