import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unstorableMessage } from '../../contract/text';
import { requestCatalogue, type RequestCatalogue } from './helpers/request-catalogue';
import { insertRequest } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';
import { writeRoutes, type WriteRoute } from './helpers/write-routes';

/**
 * Text that cannot be stored as sent (a NUL; half a UTF-16 surrogate pair, which JSON can carry
 * as `"\ud800"`) is refused on its field with a 422 by the contract's text helpers, on every
 * write route's text fields, never stored and never a 5xx from a unique index.
 */
let t: TestApp;
let cat: RequestCatalogue;
let routes: WriteRoute[];

beforeAll(async () => {
  t = await createTestApp();
  cat = await requestCatalogue(t, 'UT');
  routes = (await writeRoutes(t)).routes;
}, 60_000);
afterAll(() => t?.close());

describe('text that cannot be stored', () => {
  it('refuses a pad group named with half a surrogate pair, twice, with 422 on the name and stores none', async () => {
    const request = await insertRequest(t, t.companyIds.alpha);
    for (let n = 0; n < 2; n++) {
      const res = await t.call('POST', `/v1/requests/${request}/testpadgroups`, {
        as: 'root',
        body: { name: '\ud800', resource_type_id: cat.resourceTypes.voltage, pad_ids: [] },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ name: [unstorableMessage('Name')] });
    }
    const groups = await t.db.selectFrom('test_pad_groups').select('id').where('request_id', '=', request).execute();
    expect(groups).toEqual([]);
  });

  it('answers 422 on the field for a NUL or half a surrogate pair in every text field of every JSON write route', async () => {
    const failures: string[] = [];
    let fields = 0;
    for (const route of routes) {
      if (route.route.consumes || route.route.access === 'jig') continue;
      const sample = await route.sample();
      const body = sample.body as Record<string, unknown> | undefined;
      if (!body || typeof body !== 'object' || Array.isArray(body)) continue;
      for (const [key, value] of Object.entries(body)) {
        if (typeof value !== 'string') continue;
        fields += 1;
        for (const bad of [`${value}\ud800`, `\udc00${value}`, `${value}\u0000`]) {
          const res = await t.call(route.route.method as 'POST', route.url(sample), {
            as: 'root',
            body: { ...body, [key]: bad },
            headers: sample.headers,
          });
          const errors = res.statusCode === 422 ? (res.json().errors ?? {}) : {};
          if (!errors[key]) failures.push(`${route.key} ${key}=${JSON.stringify(bad)}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(fields).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  }, 60_000);
});
