import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduction, type Production } from './helpers/production';
import { ACCESS_TABLE } from './helpers/access-table';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * What the access hook decides before any handler runs: the 404 every malformed `:id` gets,
 * and the production routes' description with their query parameters.
 */

let t: TestApp;
let p: Production;

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Routes' });
});
afterAll(() => t?.close());

/** Every declared route: the malformed-id checks below apply to all that name a row. */
const DECLARED = ACCESS_TABLE;

describe('production routes', () => {
  it('describes every one of them in the OpenAPI document, with its query parameters', async () => {
    const res = await t.call('GET', '/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    for (const [method, url] of DECLARED) {
      const path = `/v1${url.replace(/:(\w+)/g, '{$1}')}`;
      expect(paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    const devices = paths['/v1/projects/{id}/devices'].get.parameters ?? [];
    expect(devices.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'search', 'status', 'production_batch_id', 'format']),
    );
    const ofBatch = paths['/v1/productionbatches/{id}/devices'].get.parameters ?? [];
    expect(ofBatch.map((p) => p.name)).not.toContain('production_batch_id');
  });

  it.each(['abc', '0', '99999999999'])('answers 404 for the malformed id %s on every scoped route', async (bad) => {
    for (const [method, url, , scope] of DECLARED) {
      if (!scope || !url.includes(':id')) continue;
      const res = await t.call(method as InjectOptions['method'], `/v1${url.replace(':id', bad)}`, { as: 'alpha-admin', body: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('judges the /manage ids after access: 403 for company people, 404 for a superadmin', async () => {
    for (const url of ['/v1/manage/devices/abc', '/v1/manage/devices/panel/0']) {
      expect((await t.call('PATCH', url, { as: 'alpha-admin', body: {} })).statusCode).toBe(403);
      expect((await t.call('PATCH', url, { as: 'root', body: {} })).statusCode).toBe(404);
      expect((await t.call('PATCH', url, { body: {} })).statusCode).toBe(401);
    }
  });

  it('answers first passes from the batch the scope read, totals from its counters', async () => {
    await p.report({ serial: 'R-1', result: 'pass' });
    await p.report({ serial: 'R-2', result: 'fail' });
    const first = await t.call('GET', `/v1/batch/${p.batchId}/firstpasses`, { as: 'alpha-viewer' });
    expect(first.json().data).toEqual({
      batch_id: p.batchId, tested: 2, first_pass: 1, first_pass_yield: 0.5, second_pass: 1, second_pass_yield: 0.5, last_pass: 1, last_pass_yield: 0.5,
    });
    const totals = await t.call('GET', `/v1/batch/${p.batchId}/totals`, { as: 'alpha-viewer' });
    expect(totals.json().data).toMatchObject({ batch_id: p.batchId, devices: 2, passed: 1, failed: 1, reports: 2, yield: 0.5 });
    expect((await t.call('GET', `/v1/batch/${p.batchId}/totals`, { as: 'beta-admin' })).statusCode).toBe(404);
  });
});
