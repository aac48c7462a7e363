import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The API's description is generated from the routes' own declarations: every call SPEC.md §7
 * lists that the server answers today, and the jig calls, must be in it with their request and
 * success-answer schemas; the reference page renders from the package's own files.
 */

/** SPEC.md §7's calls built so far (paths as OpenAPI writes them), plus the jig's. */
const CALLS = [
  'post /v1/login',
  'post /v1/logout',
  'get /v1/users/{id}',
  'patch /v1/users/{id}',
  'get /v1/users',
  'get /v1/company_types',
  'get /v1/roles',
  'get /v1/companyroles',
  'get /v1/companies',
  'post /v1/companies',
  'get /v1/companies/{id}',
  'get /v1/company',
  'patch /v1/companies/{id}',
  'get /v1/companies/{id}/projects',
  'get /v1/companies/{id}/statistics',
  'get /v1/companies/{id}/statistics/projects',
  'get /v1/companies/{id}/dashboard',
  'get /v1/companies/{id}/users',
  'post /v1/companies/{id}/users',
  'get /v1/projects/{id}',
  'patch /v1/projects/{id}',
  'get /v1/projects/{id}/productionbatches',
  'post /v1/projects/{id}/productionbatches',
  'get /v1/productionbatches/{id}',
  'patch /v1/productionbatches/{id}',
  'get /v1/productionbatches/{id}/devices',
  'get /v1/batch/{id}/totals',
  'get /v1/batch/{id}/firstpasses',
  'get /v1/projects/{id}/manufacturers',
  'post /v1/projects/{id}/manufacturers',
  'get /v1/projects/{id}/releasebatches',
  'post /v1/projects/{id}/releasebatches',
  'get /v1/releasebatches/{id}',
  'patch /v1/releasebatches/{id}',
  'get /v1/projects/{id}/devices',
  'get /v1/projects/{id}/devices/unreleased',
  'get /v1/releasebatches/{id}/devices',
  'patch /v1/releasebatches/{id}/update',
  'get /v1/devices/{id}',
  'get /v1/devicereports/{id}',
  'get /v1/devices/{id}/reports',
  'get /v1/projects/{id}/invites',
  'post /v1/projects/{id}/invites',
  'get /v1/invites',
  'patch /v1/invites/{id}',
  'post /v1/invites',
  'get /v1/manage/devices',
  'patch /v1/manage/devices/{id}',
  'patch /v1/manage/devices/panel/{id}',
  'post /v1/jig/reports',
  'get /v1/enclosure-updates',
  'post /v1/enclosure-updates',
  'get /v1/enclosure-updates/{id}',
  'patch /v1/enclosure-updates/{id}',
  'delete /v1/enclosure-updates/{id}',
  'patch /v1/requests/{id}/project',
  'get /v1/requests/{id}/testpadgroups',
  'post /v1/requests/{id}/testpadgroups',
  'post /v1/requests/{id}/testpadgroups/bynet',
  'patch /v1/requests/{id}/map_pad_groups',
  'get /v1/testpadgroups/{id}',
  'patch /v1/testpadgroups/{id}',
  'delete /v1/testpadgroups/{id}',
  'get /v1/requests/{id}/selectedmodules',
  'post /v1/requests/{id}/selectedmodules',
  'get /v1/selectedmodules/{id}',
  'patch /v1/selectedmodules/{id}',
  'delete /v1/selectedmodules/{id}',
  'get /v1/requests/{id}/selectedcartridges',
  'post /v1/requests/{id}/selectedcartridges',
  'get /v1/selectedcartridges/{id}',
  'patch /v1/selectedcartridges/{id}',
  'delete /v1/selectedcartridges/{id}',
  'patch /v1/requests/map_pad_group/{id}',
  // Not in SPEC.md §7: the map step's pin picker, and the wiring list (JSON, or CSV with format=csv).
  'get /v1/requests/{id}/capacity',
  'get /v1/requests/{id}/wiring',
];

/** Calls whose success answer is a file rather than JSON, with the type the description names. */
const DOWNLOADS = [
  ['get /v1/enclosure-updates/{id}/firmware', 'application/octet-stream'],
  ['get /v1/firmware/{id}', 'application/octet-stream'],
  ['get /v1/requestfiles/{id}', 'application/octet-stream'],
  ['get /v1/testfiles/{id}', 'application/octet-stream'],
  ['get /v1/repairs/{id}/file', 'application/octet-stream'],
];

/** Calls that answer JSON, or the same rows as a CSV download with `format=csv` (or `Accept: text/csv`). */
const CSV_DOWNLOADS = ['get /v1/requests/{id}/wiring', 'get /v1/releasebatches/{id}/devices', 'get /v1/projects/{id}/devices/unreleased'];

/** Calls that take an upload: their body is a multipart form. */
const UPLOADS = ['post /v1/enclosure-updates', 'post /v1/cartridgetypes/{id}/firmware', 'post /v1/cartridges/{id}/calibrations', 'post /v1/manage/request', 'post /v1/testprofiles/{id}/testfiles', 'post /v1/repairs/{id}/complete'];

type Operation = {
  summary?: string;
  parameters?: { name: string; in: string; schema?: { enum?: string[] } }[];
  description?: string;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

let t: TestApp;
let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call('GET', '/v1/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t?.close());

const operation = (call: string) => {
  const [method, path] = call.split(' ');
  return doc.paths[path]?.[method];
};

describe('GET /v1/openapi.json', () => {
  it('is an OpenAPI 3 document, public', () => {
    expect(doc.openapi).toMatch(/^3\./);
  });

  it.each(CALLS)('describes %s with a summary, its access and its success answer', (call) => {
    const op = operation(call);
    expect(op, `${call} is missing`).toBeDefined();
    expect(op!.summary).toBeTruthy();
    expect(op!.description).toContain('**Access:**');
    const success = Object.entries(op!.responses).find(([status]) => /^2/.test(status));
    expect(success, `${call} has no 2xx answer`).toBeDefined();
    const [status, answer] = success!;
    if (status !== '204') expect(answer.content?.['application/json']?.schema, `${call} answer schema`).toBeDefined();
  });

  it('gives every call that takes a body its request schema', () => {
    const withBody = t.app.declaredRoutes.filter((r) => r.hasBody);
    expect(withBody.length).toBeGreaterThan(10);
    for (const route of withBody) {
      const call = `${route.method.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}')}`;
      const type = UPLOADS.includes(call) ? 'multipart/form-data' : 'application/json';
      expect(operation(call)?.requestBody?.content[type]?.schema, `${route.method} ${route.url}`).toBeDefined();
    }
  });

  it.each(UPLOADS)('describes the form of the upload %s, its file as binary', (call) => {
    const form = operation(call)!.requestBody!.content['multipart/form-data'].schema as {
      properties: Record<string, { type?: string; format?: string; contentEncoding?: string }>;
    };
    const file = Object.values(form.properties).find((p) => p.format === 'binary' || p.contentEncoding === 'binary');
    expect(file, `${call}: no binary part`).toBeDefined();
    expect(operation(call)!.requestBody!.content['application/json']).toBeUndefined();
  });

  it.each(DOWNLOADS)('describes the download %s as a file of type %s', (call, type) => {
    const op = operation(call);
    expect(op?.description).toContain('**Access:**');
    expect(op!.responses['200'].content?.[type]?.schema).toBeDefined();
    expect(op!.responses['200'].content?.['application/json']).toBeUndefined();
  });

  it.each(CSV_DOWNLOADS)('describes the CSV download of %s as its format=csv choice', (call) => {
    const format = operation(call)?.parameters?.find((p) => p.in === 'query' && p.name === 'format');
    expect(format?.schema?.enum).toEqual(['json', 'csv']);
  });

  it('describes each declared route, and nothing the server does not answer', () => {
    const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    const declared = t.app.declaredRoutes.map((r) => `${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(described.sort()).toEqual([...new Set(declared)].sort());
  });
});

describe('/docs', () => {
  it('renders the reference from local files, no CDN', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) expect(source, 'a local file').not.toMatch(/^(https?:)?\/\//);
    const bundle = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const json = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.json().paths['/v1/login']).toBeDefined();
  });
});
