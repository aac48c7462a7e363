import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JIG_SIGNATURE_HEADER } from '../../contract/jig';
import { createProduction, reportBody, testBoards, type Production } from './helpers/production';
import { freshEmail } from './helpers/invites';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Every number a client sends is bounded to what its column holds. Out-of-range and
 * wrongly typed numbers in every body and query of the existing routes answer 422 with the field
 * as the key of `errors`, on SQLite and PostgreSQL alike (run with TEST_DB=postgres too), never a
 * generic 400 or a 5xx; id lists refuse booleans, strings and nested lists instead of coercing
 * them. The tables below are the coverage: one row per route and field.
 */

let t: TestApp;
let p: Production;
/** Everything the app logged at warn and above: nothing may reach the database's refusal. */
const logLines: string[] = [];

type Fixtures = {
  projectId: number;
  manufacturerId: number;
  batchId: number;
  otherBatchId: number;
  deviceId: number;
  releaseBatchId: number;
  companyId: number;
  userId: number;
  jigSignature: string;
};
let f: Fixtures;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logger: { level: 'warn', stream } });
  // What PostgreSQL throws for a value it cannot take: the fallback a missed bound would reach.
  t.app.get('/v1/test-only/refused-value', async () => {
    throw Object.assign(new Error('value "2147483648" is out of range for type integer'), { code: '22003' });
  });
  p = await createProduction(t, 'alpha', { project: 'Numbers' });
  const otherBatchId = await p.addBatch('Lot 2');
  const ids = await testBoards(p, ['NUM-1', 'NUM-2']);
  const release = await t.call('POST', `/v1/projects/${p.projectId}/releasebatches`, { as: 'alpha-engineer', body: { name: 'Numbers shipment' } });
  expect(release.statusCode).toBe(201);
  f = {
    projectId: p.projectId,
    manufacturerId: p.manufacturerId,
    batchId: p.batchId,
    otherBatchId,
    deviceId: ids['NUM-1'],
    releaseBatchId: release.json().data.id,
    companyId: t.companyIds.alpha,
    userId: t.userIds['alpha-viewer'],
    jigSignature: p.jig.signature,
  };
});
afterAll(() => t?.close());

/** A number JSON can spell but JavaScript reads as Infinity: sent as raw JSON text. */
const RAW_INFINITY = '\u0000raw:1e400';
const toJson = (body: unknown) => JSON.stringify(body).replace(/"\\u0000raw:([^"]*)"/g, '$1');

/** `body` with `value` at a dotted path (`add_matching.production_batch_id`, `steps.0.value`). */
function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
  return copy;
}

async function send(method: 'GET' | 'POST' | 'PATCH', url: string, as: string, body?: unknown) {
  const auth = as === 'jig' ? { [JIG_SIGNATURE_HEADER]: f.jigSignature } : await t.login(as);
  return t.app.inject({
    method,
    url,
    headers: { ...auth, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { payload: toJson(body) }),
  });
}

/** zod's own wording, which no message of ours may fall back to. */
const ZOD_DEFAULT = /expected|Invalid input|Too (big|small)|received/i;

function expect422On(res: { statusCode: number; body: string; json: () => { errors?: Record<string, string[]> } }, field: string, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
  const errors: Record<string, string[]> = res.json().errors ?? {};
  const keys = Object.keys(errors);
  // The field itself, or an item of it (`add.0`: the form shows it on `add`); nothing else.
  expect(keys.length, `${what}: ${res.body}`).toBeGreaterThan(0);
  for (const key of keys) expect(key === field || key.startsWith(`${field}.`), `${what}: key ${key}`).toBe(true);
  for (const message of Object.values(errors).flat()) expect(message, what).not.toMatch(ZOD_DEFAULT);
}

// Values every id in a body refuses: out of the 32-bit column, not whole, or not a JSON number.
const BAD_IDS: unknown[] = [2 ** 31, 2 ** 40, 2 ** 53, 1e300, RAW_INFINITY, 0, -1, 1.5, '3', '', true, [1], { id: 1 }];
// The same inside an id list, plus `null` inside and lists that are not lists of ids.
const BAD_ID_LISTS: unknown[] = [[true], ['3'], [[1]], [null], [1.5], [2 ** 31], [2 ** 53], [0], [-1], [1, '2'], true, '3', 3, { 0: 1 }];
const BAD_QUANTITIES: unknown[] = [2 ** 31, 2 ** 53, 1e300, RAW_INFINITY, 10_000_001, 0, -1, 1.5, '100', true, null, [5]];
const BAD_REALS: unknown[] = [RAW_INFINITY, '3.3', true, [1], { v: 1 }];

type BodyRow = {
  method: 'POST' | 'PATCH';
  path: (f: Fixtures) => string;
  /** The route as a reader finds it in API.md. */
  route: string;
  as: string;
  /** A valid body; the row's field is then set to each bad value. */
  body: (f: Fixtures) => Record<string, unknown>;
  field: string;
  bad: unknown[];
};

const userBody = () => ({ username: `numbers-${Date.now()}`, email: freshEmail('numbers'), password: 'a-long-password-1', password_confirmation: 'a-long-password-1', role_ids: [t.roleIds.viewer] });
const jigBody = (f: Fixtures) => reportBody({ serial: 'NUM-NEW', project_id: f.projectId, production_batch_id: f.batchId }) as unknown as Record<string, unknown>;

/** Every number of every body of the existing routes. */
const BODY_ROWS: BodyRow[] = [
  { route: 'POST /v1/projects', method: 'POST', path: () => '/v1/projects', as: 'root', body: (f) => ({ company_id: f.companyId, name: 'Numbers project' }), field: 'company_id', bad: BAD_IDS },
  { route: 'POST /v1/projects/{id}/productionbatches', method: 'POST', path: (f) => `/v1/projects/${f.projectId}/productionbatches`, as: 'alpha-engineer', body: (f) => ({ name: 'Numbers lot', manufacturer_id: f.manufacturerId, planned_quantity: 10 }), field: 'manufacturer_id', bad: BAD_IDS },
  { route: 'POST /v1/projects/{id}/productionbatches', method: 'POST', path: (f) => `/v1/projects/${f.projectId}/productionbatches`, as: 'alpha-engineer', body: (f) => ({ name: 'Numbers lot', manufacturer_id: f.manufacturerId, planned_quantity: 10 }), field: 'planned_quantity', bad: BAD_QUANTITIES },
  { route: 'PATCH /v1/productionbatches/{id}', method: 'PATCH', path: (f) => `/v1/productionbatches/${f.batchId}`, as: 'alpha-engineer', body: () => ({ planned_quantity: 10 }), field: 'planned_quantity', bad: BAD_QUANTITIES },
  { route: 'POST /v1/projects/{id}/invites', method: 'POST', path: (f) => `/v1/projects/${f.projectId}/invites`, as: 'alpha-admin', body: (f) => ({ email: freshEmail('numbers'), role: 'viewer', manufacturer_id: f.manufacturerId }), field: 'manufacturer_id', bad: BAD_IDS },
  { route: 'PATCH /v1/releasebatches/{id}/update', method: 'PATCH', path: (f) => `/v1/releasebatches/${f.releaseBatchId}/update`, as: 'alpha-engineer', body: (f) => ({ add: [f.deviceId] }), field: 'add', bad: [...BAD_ID_LISTS, null] },
  { route: 'PATCH /v1/releasebatches/{id}/update', method: 'PATCH', path: (f) => `/v1/releasebatches/${f.releaseBatchId}/update`, as: 'alpha-engineer', body: (f) => ({ remove: [f.deviceId] }), field: 'remove', bad: [...BAD_ID_LISTS, null] },
  { route: 'PATCH /v1/releasebatches/{id}/update', method: 'PATCH', path: (f) => `/v1/releasebatches/${f.releaseBatchId}/update`, as: 'alpha-engineer', body: (f) => ({ add_matching: { production_batch_id: f.batchId } }), field: 'add_matching.production_batch_id', bad: BAD_IDS },
  { route: 'POST /v1/companies/{id}/users', method: 'POST', path: (f) => `/v1/companies/${f.companyId}/users`, as: 'alpha-admin', body: userBody, field: 'role_ids', bad: [...BAD_ID_LISTS, null] },
  { route: 'PATCH /v1/users/{id}', method: 'PATCH', path: (f) => `/v1/users/${f.userId}`, as: 'alpha-admin', body: () => ({ role_ids: [t.roleIds.viewer] }), field: 'role_ids', bad: [...BAD_ID_LISTS, null] },
  { route: 'PATCH /v1/manage/devices/{id}', method: 'PATCH', path: (f) => `/v1/manage/devices/${f.deviceId}`, as: 'root', body: (f) => ({ production_batch_id: f.batchId }), field: 'production_batch_id', bad: [...BAD_IDS, null] },
  { route: 'PATCH /v1/manage/devices/panel/{id}', method: 'PATCH', path: () => '/v1/manage/devices/panel/NUM-PANEL', as: 'root', body: (f) => ({ production_batch_id: f.otherBatchId }), field: 'production_batch_id', bad: [...BAD_IDS, null] },
  { route: 'POST /v1/jig/reports', method: 'POST', path: () => '/v1/jig/reports', as: 'jig', body: jigBody, field: 'project_id', bad: [...BAD_IDS, null] },
  { route: 'POST /v1/jig/reports', method: 'POST', path: () => '/v1/jig/reports', as: 'jig', body: jigBody, field: 'production_batch_id', bad: [...BAD_IDS, null] },
  { route: 'POST /v1/jig/reports', method: 'POST', path: () => '/v1/jig/reports', as: 'jig', body: jigBody, field: 'steps.0.value', bad: BAD_REALS },
  { route: 'POST /v1/jig/reports', method: 'POST', path: () => '/v1/jig/reports', as: 'jig', body: jigBody, field: 'steps.0.low', bad: BAD_REALS },
  { route: 'POST /v1/jig/reports', method: 'POST', path: () => '/v1/jig/reports', as: 'jig', body: jigBody, field: 'steps.0.high', bad: BAD_REALS },
];

const label = (value: unknown) => (value === RAW_INFINITY ? '1e400 (Infinity)' : JSON.stringify(value));

describe('numbers in bodies', () => {
  it('starts from bodies that are valid apart from the field under test', async () => {
    // A row whose base body were itself invalid would prove nothing: the base bodies that
    // change nothing worth keeping are sent once as they are and must pass validation.
    const projects = await send('POST', '/v1/projects', 'root', BODY_ROWS[0].body(f));
    expect(projects.statusCode, projects.body).toBe(201);
    const batch = await send('PATCH', `/v1/productionbatches/${f.batchId}`, 'alpha-engineer', { planned_quantity: 10 });
    expect(batch.statusCode, batch.body).toBe(200);
    const user = await send('PATCH', `/v1/users/${f.userId}`, 'alpha-admin', { role_ids: [t.roleIds.viewer] });
    expect(user.statusCode, user.body).toBe(200);
    const report = await send('POST', '/v1/jig/reports', 'jig', jigBody(f));
    expect(report.statusCode, report.body).toBe(201);
  });

  const cases = BODY_ROWS.flatMap((row) => row.bad.map((value) => [`${row.route} ${row.field}: ${label(value)}`, row, value] as const));
  it.each(cases)('%s → 422 on the field', async (what, row, value) => {
    const res = await send(row.method, row.path(f), row.as, withValue(row.body(f), row.field, value));
    expect422On(res, row.field, what);
  });

  it('names the row an out-of-range id does not name, and the bound a count breaks', async () => {
    const invite = await send('POST', `/v1/projects/${f.projectId}/invites`, 'alpha-admin', { email: freshEmail('numbers'), role: 'viewer', manufacturer_id: 2 ** 40 });
    expect(invite.json().errors).toEqual({ manufacturer_id: [`There is no manufacturer with id ${2 ** 40}.`] });
    const quantity = await send('POST', `/v1/projects/${f.projectId}/productionbatches`, 'alpha-engineer', { name: 'Big', manufacturer_id: f.manufacturerId, planned_quantity: 2 ** 31 });
    expect(quantity.json().errors).toEqual({ planned_quantity: ['Planned quantity is at most 10,000,000.'] });
    const strings = await send('PATCH', `/v1/releasebatches/${f.releaseBatchId}/update`, 'alpha-engineer', { add: [f.deviceId, '3', true] });
    expect(strings.json().errors).toEqual({ 'add.1': ['Device ids are whole numbers, not "3".'], 'add.2': ['Device ids are whole numbers, not true.'] });
  });

  it('coerces nothing: a refused id list changed nothing', async () => {
    for (const add of [[String(f.deviceId)], [true], [[f.deviceId]]]) {
      expect((await send('PATCH', `/v1/releasebatches/${f.releaseBatchId}/update`, 'alpha-engineer', { add })).statusCode).toBe(422);
    }
    const batch = await send('GET', `/v1/releasebatches/${f.releaseBatchId}`, 'alpha-engineer');
    expect(batch.json().data.device_count).toBe(0);
  });
});

/** Every paged list: `page`, `limit` and past-the-last-page go through server/db/paged-list.ts. */
const PAGED_LISTS: { route: string; path: (f: Fixtures) => string; as: string }[] = [
  { route: 'GET /v1/companies', path: () => '/v1/companies', as: 'root' },
  { route: 'GET /v1/companies/{id}/users', path: (f) => `/v1/companies/${f.companyId}/users`, as: 'alpha-admin' },
  { route: 'GET /v1/users', path: () => '/v1/users', as: 'root' },
  { route: 'GET /v1/companies/{id}/projects', path: (f) => `/v1/companies/${f.companyId}/projects`, as: 'alpha-viewer' },
  { route: 'GET /v1/projects/{id}/manufacturers', path: (f) => `/v1/projects/${f.projectId}/manufacturers`, as: 'alpha-viewer' },
  { route: 'GET /v1/projects/{id}/productionbatches', path: (f) => `/v1/projects/${f.projectId}/productionbatches`, as: 'alpha-viewer' },
  { route: 'GET /v1/productionbatches/{id}/devices', path: (f) => `/v1/productionbatches/${f.batchId}/devices`, as: 'alpha-viewer' },
  { route: 'GET /v1/projects/{id}/devices', path: (f) => `/v1/projects/${f.projectId}/devices`, as: 'alpha-viewer' },
  { route: 'GET /v1/devices/{id}/reports', path: (f) => `/v1/devices/${f.deviceId}/reports`, as: 'alpha-viewer' },
  { route: 'GET /v1/manage/devices', path: () => '/v1/manage/devices', as: 'root' },
  { route: 'GET /v1/projects/{id}/invites', path: (f) => `/v1/projects/${f.projectId}/invites`, as: 'alpha-admin' },
  { route: 'GET /v1/projects/{id}/releasebatches', path: (f) => `/v1/projects/${f.projectId}/releasebatches`, as: 'alpha-viewer' },
  { route: 'GET /v1/releasebatches/{id}/devices', path: (f) => `/v1/releasebatches/${f.releaseBatchId}/devices`, as: 'alpha-viewer' },
  { route: 'GET /v1/projects/{id}/devices/unreleased', path: (f) => `/v1/projects/${f.projectId}/devices/unreleased`, as: 'alpha-viewer' },
];

/** Query values are text: digits only, in range. A string[] is the parameter repeated. */
const BAD_PAGES: (string | string[])[] = [String(2 ** 53), '99999999999999', '2147483648', '1' + '0'.repeat(300), '0', '-1', '1e3', '0x10', '1.5', ' 2', 'true', '', ['1', '2']];
const BAD_LIMITS: (string | string[])[] = ['1e9', '1000000000', String(2 ** 53), '201', '0', '-1', '0x10', 'abc', '', ['10', '20']];
const BAD_QUERY_IDS: (string | string[])[] = ['true', '', '1e3', '0x10', '2147483648', '99999999999', String(2 ** 53), '0', '-1', '1.5', ' 3', 'abc', ['1', '2']];

const query = (name: string, value: string | string[]) =>
  (Array.isArray(value) ? value : [value]).map((v) => `${name}=${encodeURIComponent(v)}`).join('&');
const withQuery = (path: string, q: string) => `${path}${path.includes('?') ? '&' : '?'}${q}`;

describe('paging', () => {
  it.each(PAGED_LISTS)('$route answers a valid page (the rows below are about the numbers alone)', async (list) => {
    const res = await send('GET', withQuery(list.path(f), 'page=1&limit=200'), list.as);
    expect(res.statusCode, res.body).toBe(200);
  });

  const cases = PAGED_LISTS.flatMap((list) => [
    ...BAD_PAGES.map((v) => [`${list.route}?${query('page', v)}`, list, 'page', v] as const),
    ...BAD_LIMITS.map((v) => [`${list.route}?${query('limit', v)}`, list, 'limit', v] as const),
  ]);
  it.each(cases)('%s → 422 on the field', async (what, list, name, value) => {
    const res = await send('GET', withQuery(list.path(f), query(name, value)), list.as);
    expect422On(res, name, what);
    expect(Object.keys(res.json().errors)).toEqual([name]);
  });

  it.each(PAGED_LISTS)('$route answers a page past the last with 422 on page', async (list) => {
    const res = await send('GET', withQuery(list.path(f), 'page=99999'), list.as);
    expect422On(res, 'page', list.route);
    expect(res.json().errors.page[0]).toMatch(/^Page 99999 is past the last page \(\d+\)\.$/);
  });
});

/** Every id filter of a query string (`?production_batch_id=3`), and the statistics range. */
const QUERY_ROWS: { route: string; path: (f: Fixtures) => string; as: string; field: string; bad: (string | string[])[] }[] = [
  { route: 'GET /v1/users', path: () => '/v1/users', as: 'root', field: 'company_id', bad: BAD_QUERY_IDS },
  { route: 'GET /v1/manage/devices', path: () => '/v1/manage/devices', as: 'root', field: 'company_id', bad: BAD_QUERY_IDS },
  { route: 'GET /v1/manage/devices', path: () => '/v1/manage/devices', as: 'root', field: 'project_id', bad: BAD_QUERY_IDS },
  { route: 'GET /v1/projects/{id}/devices', path: (f) => `/v1/projects/${f.projectId}/devices`, as: 'alpha-viewer', field: 'production_batch_id', bad: BAD_QUERY_IDS },
  { route: 'GET /v1/projects/{id}/devices?format=csv', path: (f) => `/v1/projects/${f.projectId}/devices?format=csv`, as: 'alpha-viewer', field: 'production_batch_id', bad: BAD_QUERY_IDS },
  { route: 'GET /v1/projects/{id}/devices/unreleased', path: (f) => `/v1/projects/${f.projectId}/devices/unreleased`, as: 'alpha-viewer', field: 'production_batch_id', bad: BAD_QUERY_IDS },
  { route: 'GET /v1/releasebatches/{id}/devices', path: (f) => `/v1/releasebatches/${f.releaseBatchId}/devices`, as: 'alpha-viewer', field: 'production_batch_id', bad: BAD_QUERY_IDS },
  { route: 'GET /v1/companies/{id}/statistics', path: (f) => `/v1/companies/${f.companyId}/statistics`, as: 'alpha-viewer', field: 'project_id', bad: BAD_QUERY_IDS },
  { route: 'GET /v1/companies/{id}/statistics/projects', path: (f) => `/v1/companies/${f.companyId}/statistics/projects`, as: 'alpha-viewer', field: 'project_id', bad: BAD_QUERY_IDS },
  { route: 'GET /v1/companies/{id}/statistics', path: (f) => `/v1/companies/${f.companyId}/statistics`, as: 'alpha-viewer', field: 'from', bad: ['2025-02-30', '2025-13-01', '99999-01-01', '20250101', '1e3', '', ['2025-01-01', '2025-01-02'], '2020-01-01'] },
  { route: 'GET /v1/companies/{id}/statistics', path: (f) => `/v1/companies/${f.companyId}/statistics`, as: 'alpha-viewer', field: 'to', bad: ['2025-02-30', '99999-01-01', 'true', ''] },
];

describe('numbers in query strings', () => {
  it('reads a digits-only id filter', async () => {
    const res = await send('GET', `/v1/projects/${f.projectId}/devices?production_batch_id=${f.otherBatchId}`, 'alpha-viewer');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(0);
    const own = await send('GET', `/v1/projects/${f.projectId}/devices?production_batch_id=00${f.batchId}`, 'alpha-viewer');
    expect(own.statusCode).toBe(200);
    expect(own.json().meta.total).toBeGreaterThanOrEqual(2);
    expect(own.json().data.every((d: { production_batch_id: number }) => d.production_batch_id === f.batchId)).toBe(true);
  });

  const cases = QUERY_ROWS.flatMap((row) => row.bad.map((v) => [`${row.route} ${query(row.field, v)}`, row, v] as const));
  it.each(cases)('%s → 422 on the field', async (what, row, value) => {
    const res = await send('GET', withQuery(row.path(f), query(row.field, value)), row.as);
    expect422On(res, row.field, what);
    expect(Object.keys(res.json().errors)).toEqual([row.field]);
  });
});

describe('path ids', () => {
  // A path id that cannot be an id names no row: 404 as for any other missing row (parseId in
  // server/http/validate.ts), deliberately not a 422.
  it.each(['99999999999', String(2 ** 31), '0', '1e3', 'true'])('/v1/projects/%s answers 404', async (id) => {
    const res = await send('GET', `/v1/projects/${id}`, 'root');
    expect(res.statusCode).toBe(404);
  });
});

describe('the database refusal fallback', () => {
  it('answers 422 (not a generic 400) and logs the missed bound', async () => {
    const before = logLines.length;
    const res = await t.call('GET', '/v1/test-only/refused-value');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'A value in the request is out of range or not valid.' });
    expect(logLines.slice(before).join('')).toMatch(/database refused a value from the request/);
  });

  // Last in the file: every request above was refused by a contract schema, not by the database.
  it('was reached by none of the requests above, and nothing failed with a 5xx', () => {
    const refusals = logLines.filter((line) => line.includes('database refused a value'));
    expect(refusals).toHaveLength(1); // the test-only route's own
    expect(logLines.filter((line) => /"level":50/.test(line))).toEqual([]);
  });
});
