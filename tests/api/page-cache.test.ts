import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduction, wroteBehindTheServer, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Device pages answered again from the page cache (server/http/page-cache.ts): only while
 * nothing was written, only to callers who may see the project, and never in place of a CSV.
 * `x-page-cache` says which answer came from where.
 */
let t: TestApp;
let p: Production;
let other: Production;

beforeAll(async () => {
  t = await createTestApp({ pageCache: { verify: false } });
  p = await createProduction(t, 'alpha', { project: 'Cached pages' });
  other = await createProduction(t, 'alpha', { project: 'Next door' });
  for (const serial of ['PC-1', 'PC-2', 'PC-3']) expect((await p.report({ serial })).statusCode).toBe(201);
});
afterAll(() => t?.close());

const url = (query = 'sortby=tested_at&sortdesc=true') => `/v1/projects/${p.projectId}/devices?${query}`;
const get = (as = 'alpha-viewer', query?: string, headers?: Record<string, string>) => t.call('GET', url(query), { as, headers });
const serials = (res: { json: () => { data: { serial: string }[] } }) => res.json().data.map((d) => d.serial).sort();

describe('a device page', () => {
  it('is read once and then answered from the cache, byte for byte', async () => {
    const first = await get('alpha-viewer', 'sortby=serial');
    const second = await get('alpha-viewer', 'sortby=serial');
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(second.body).toBe(first.body);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it("is read again after a jig's report to its project, and shows the new board", async () => {
    await get();
    expect((await get()).headers['x-page-cache']).toBe('hit');
    expect((await p.report({ serial: 'PC-NEW' })).statusCode).toBe(201);
    const after = await get();
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(serials(after)).toContain('PC-NEW');
  });

  it("stays kept through a report to another project", async () => {
    await get();
    expect((await other.report({ serial: 'NEXT-1' })).statusCode).toBe(201);
    expect((await get()).headers['x-page-cache']).toBe('hit');
  });

  it('stays kept through a login, which changes no page', async () => {
    await get();
    await t.login('alpha-viewer', { fresh: true });
    expect((await get()).headers['x-page-cache']).toBe('hit');
  });

  it("is read again after a person's write, and shows it", async () => {
    const before = await get();
    const board = before.json().data.find((d: { serial: string }) => d.serial === 'PC-2');
    const renamed = await t.call('PATCH', `/v1/manage/devices/${board.id}`, { as: 'root', body: { serial: 'PC-2B' } });
    expect(renamed.statusCode).toBe(200);
    const after = await get();
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(serials(after)).toContain('PC-2B');
    expect(serials(after)).not.toContain('PC-2');
  });

  it('is never served to a caller who may not see the project', async () => {
    await get('alpha-viewer');
    expect((await get('alpha-viewer')).headers['x-page-cache']).toBe('hit');
    const stranger = await get('beta-viewer');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['x-page-cache']).toBeUndefined();
    expect((await t.call('GET', url())).statusCode).toBe(401);
  });

  it('is never served in place of the CSV the same URL downloads', async () => {
    await get();
    const csv = await get('alpha-viewer', undefined, { accept: 'text/csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toMatch(/^serial,/);
  });

  it('keeps a production batch page too', async () => {
    const batchUrl = `/v1/productionbatches/${p.batchId}/devices?sortby=serial`;
    expect((await t.call('GET', batchUrl, { as: 'alpha-viewer' })).headers['x-page-cache']).toBe('miss');
    expect((await t.call('GET', batchUrl, { as: 'alpha-viewer' })).headers['x-page-cache']).toBe('hit');
  });
});

describe('the API suite checks every kept page against a fresh read', () => {
  let v: TestApp;
  let vp: Production;
  beforeAll(async () => {
    v = await createTestApp(); // the suite's own setting: verify
    vp = await createProduction(v, 'alpha', { project: 'Verified pages' });
    expect((await vp.report({ serial: 'V-1' })).statusCode).toBe(201);
  });
  afterAll(() => v?.close());

  it('answers a fresh read that matches, and fails loudly on a kept page that went stale', async () => {
    const pageUrl = `/v1/projects/${vp.projectId}/devices?sortby=serial`;
    expect((await v.call('GET', pageUrl, { as: 'alpha-viewer' })).headers['x-page-cache']).toBe('miss');
    const verified = await v.call('GET', pageUrl, { as: 'alpha-viewer' });
    expect(verified.statusCode).toBe(200);
    expect(verified.headers['x-page-cache']).toBe('hit (verified)');
    // A write the cache never hears of (straight into the database): the kept page is stale.
    await v.db.updateTable('devices').set({ serial: 'V-1-CHANGED', serial_key: 'v-1-changed' }).where('project_id', '=', vp.projectId).execute();
    const stale = await v.call('GET', pageUrl, { as: 'alpha-viewer' });
    expect(stale.statusCode).toBe(500);
    wroteBehindTheServer(v);
    const fresh = await v.call('GET', pageUrl, { as: 'alpha-viewer' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data[0].serial).toBe('V-1-CHANGED');
  });
});

describe('a short lifetime', () => {
  let s: TestApp;
  let sp: Production;
  beforeAll(async () => {
    s = await createTestApp({ pageCache: { verify: false, ttlMs: 200 } });
    sp = await createProduction(s, 'alpha', { project: 'Short-lived pages' });
  });
  afterAll(() => s?.close());

  it('bounds how long a page is kept, for writes this replica never hears of', async () => {
    const pageUrl = `/v1/projects/${sp.projectId}/devices`;
    await s.call('GET', pageUrl, { as: 'alpha-viewer' });
    expect((await s.call('GET', pageUrl, { as: 'alpha-viewer' })).headers['x-page-cache']).toBe('hit');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await s.call('GET', pageUrl, { as: 'alpha-viewer' })).headers['x-page-cache']).toBe('miss');
  });
});
