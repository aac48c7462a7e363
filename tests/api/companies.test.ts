import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // More companies for paging, sorting and search; created through the API like a user would.
  for (const [name, type] of [
    ['Gamma Fixtures', 'customer'],
    ['delta_labs', 'manufacturer'],
    ['Epsilon 100% Tested', 'customer'],
  ]) {
    const res = await t.call('POST', '/v1/companies', { as: 'root', body: { name, type } });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t?.close());

const names = (res: { json: () => { data: { name: string }[] } }) => res.json().data.map((c) => c.name);

describe('GET /v1/companies', () => {
  it('lists companies with user counts for a superadmin', async () => {
    const res = await t.call('GET', '/v1/companies', { as: 'root' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, limit: 25, total: 6 });
    const alpha = body.data.find((c: { id: number }) => c.id === t.companyIds.alpha);
    expect(alpha).toEqual({
      id: t.companyIds.alpha,
      name: 'Alpha Boards',
      type: 'customer',
      user_count: 4,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it.each(['alpha-admin', 'beta-engineer', 'alpha-viewer'])('refuses %s with 403', async (username) => {
    expect((await t.call('GET', '/v1/companies', { as: username })).statusCode).toBe(403);
  });

  it('needs a login', async () => {
    expect((await t.call('GET', '/v1/companies')).statusCode).toBe(401);
  });

  it('sorts by name case-insensitively, both ways', async () => {
    const asc = await t.call('GET', '/v1/companies?sortby=name', { as: 'root' });
    expect(names(asc)).toEqual([
      'Alpha Boards',
      'Beta Builders',
      'delta_labs',
      'Epsilon 100% Tested',
      'Gamma Fixtures',
      'Jigboard Operations',
    ]);
    const desc = await t.call('GET', '/v1/companies?sortby=name&sortdesc=true', { as: 'root' });
    expect(names(desc)).toEqual([...names(asc)].reverse());
  });

  it('sorts by type, then id', async () => {
    const res = await t.call('GET', '/v1/companies?sortby=type', { as: 'root' });
    const types = res.json().data.map((c: { type: string }) => c.type);
    expect(types).toEqual(['customer', 'customer', 'customer', 'manufacturer', 'manufacturer', 'operator']);
  });

  it('pages', async () => {
    const page2 = await t.call('GET', '/v1/companies?sortby=name&limit=2&page=2', { as: 'root' });
    expect(page2.json().meta).toEqual({ page: 2, limit: 2, total: 6 });
    expect(names(page2)).toEqual(['delta_labs', 'Epsilon 100% Tested']);
    const last = await t.call('GET', '/v1/companies?limit=2&page=3', { as: 'root' });
    expect(last.json().meta).toEqual({ page: 3, limit: 2, total: 6 });
    // Past the last page is a mistake to name, not an empty page to show.
    const beyond = await t.call('GET', '/v1/companies?limit=2&page=9', { as: 'root' });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().errors).toEqual({ page: ['Page 9 is past the last page (3).'] });
  });

  it('searches names case-insensitively, with % and _ taken literally', async () => {
    const beta = await t.call('GET', '/v1/companies?search=BETA', { as: 'root' });
    expect(names(beta)).toEqual(['Beta Builders']);
    const percent = await t.call('GET', `/v1/companies?search=${encodeURIComponent('100%')}`, { as: 'root' });
    expect(names(percent)).toEqual(['Epsilon 100% Tested']);
    const underscore = await t.call('GET', '/v1/companies?search=a_l', { as: 'root' });
    expect(names(underscore)).toEqual(['delta_labs']);
    const nothing = await t.call('GET', '/v1/companies?search=%25%25%25', { as: 'root' });
    expect(nothing.json().meta.total).toBe(0);
  });

  it('answers a picker’s search: the first matches by name, and how many match in all', async () => {
    // The app's company picker asks exactly this as the superadmin types (src/api/companies.ts searchCompanies).
    const res = await t.call('GET', '/v1/companies?page=1&limit=2&sortby=name&sortdesc=false&search=E', { as: 'root' });
    expect(res.statusCode).toBe(200);
    const all = await t.call('GET', '/v1/companies?limit=200&sortby=name&sortdesc=false', { as: 'root' });
    const matching = names(all).filter((n) => n.toLowerCase().includes('e'));
    expect(matching.length).toBeGreaterThan(2);
    expect(names(res)).toEqual(matching.slice(0, 2));
    expect(res.json().meta).toEqual({ page: 1, limit: 2, total: matching.length });
  });

  it('filters by type and counts only the filtered rows', async () => {
    const res = await t.call('GET', '/v1/companies?type=manufacturer&sortby=name', { as: 'root' });
    expect(names(res)).toEqual(['Beta Builders', 'delta_labs']);
    expect(res.json().meta.total).toBe(2);
  });

  it.each([
    ['sortby=password', 'sortby'],
    ['page=0', 'page'],
    ['page=99', 'page'],
    ['limit=201', 'limit'],
    ['limit=abc', 'limit'],
    ['sortdesc=maybe', 'sortdesc'],
    ['type=alien', 'type'],
  ])('answers %s with 422 on %s', async (query, field) => {
    const res = await t.call('GET', `/v1/companies?${query}`, { as: 'root' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });
});

describe('POST /v1/companies', () => {
  it('creates a company for a superadmin', async () => {
    const res = await t.call('POST', '/v1/companies', { as: 'root', body: { name: '  Zeta Works ', type: 'manufacturer' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ id: expect.any(Number), name: 'Zeta Works', type: 'manufacturer', user_count: 0 });
  });

  it('refuses a duplicate name, whatever its case, with 422 on name', async () => {
    const res = await t.call('POST', '/v1/companies', { as: 'root', body: { name: 'ALPHA boards', type: 'customer' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['name']);
  });

  it('answers a bad body with 422 per field', async () => {
    const res = await t.call('POST', '/v1/companies', { as: 'root', body: { name: 'x', type: 'pirate' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['name', 'type']);
    const empty = await t.call('POST', '/v1/companies', { as: 'root' });
    expect(Object.keys(empty.json().errors).sort()).toEqual(['name', 'type']);
  });

  it.each(['alpha-admin', 'alpha-engineer'])('refuses %s with 403, before looking at the body', async (username) => {
    const res = await t.call('POST', '/v1/companies', { as: username, body: {} });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /v1/companies/:id and /v1/company', () => {
  it('shows any company to a superadmin', async () => {
    const res = await t.call('GET', `/v1/companies/${t.companyIds.beta}`, { as: 'root' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Beta Builders', type: 'manufacturer', user_count: 4 });
  });

  it('shows a member its own company', async () => {
    const res = await t.call('GET', `/v1/companies/${t.companyIds.alpha}`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Alpha Boards');
  });

  it('hides another company with 404', async () => {
    const res = await t.call('GET', `/v1/companies/${t.companyIds.beta}`, { as: 'alpha-admin' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Beta');
  });

  it('answers a missing company with 404', async () => {
    expect((await t.call('GET', '/v1/companies/999999', { as: 'root' })).statusCode).toBe(404);
  });

  it('shows the caller its own company at /v1/company', async () => {
    const res = await t.call('GET', '/v1/company', { as: 'beta-operator' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: t.companyIds.beta, name: 'Beta Builders' });
    expect((await t.call('GET', '/v1/company')).statusCode).toBe(401);
  });
});

describe('PATCH /v1/companies/:id', () => {
  it('lets a superadmin change name and type', async () => {
    const created = await t.call('POST', '/v1/companies', { as: 'root', body: { name: 'Eta Systems', type: 'customer' } });
    const id = created.json().data.id;
    const res = await t.call('PATCH', `/v1/companies/${id}`, {
      as: 'root',
      body: { name: 'Eta Systems GmbH', type: 'manufacturer' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, name: 'Eta Systems GmbH', type: 'manufacturer' });
  });

  it('lets a company admin rename their company', async () => {
    const res = await t.call('PATCH', `/v1/companies/${t.companyIds.beta}`, {
      as: 'beta-admin',
      body: { name: 'Beta Builders Ltd', type: 'manufacturer' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Beta Builders Ltd');
  });

  it('refuses a company admin changing the type with 403', async () => {
    const res = await t.call('PATCH', `/v1/companies/${t.companyIds.alpha}`, { as: 'alpha-admin', body: { type: 'operator' } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses members without the admin role with 403', async () => {
    const res = await t.call('PATCH', `/v1/companies/${t.companyIds.alpha}`, { as: 'alpha-engineer', body: { name: 'Hacked' } });
    expect(res.statusCode).toBe(403);
  });

  it('hides another company from its admin with 404', async () => {
    const res = await t.call('PATCH', `/v1/companies/${t.companyIds.alpha}`, { as: 'beta-admin', body: { name: 'Mine now' } });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a name another company has with 422 on name', async () => {
    const res = await t.call('PATCH', `/v1/companies/${t.companyIds.alpha}`, { as: 'root', body: { name: 'gamma fixtures' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['name']);
  });

  it('allows a company to keep its own name in another case', async () => {
    const res = await t.call('PATCH', `/v1/companies/${t.companyIds.alpha}`, { as: 'alpha-admin', body: { name: 'ALPHA BOARDS' } });
    expect(res.statusCode).toBe(200);
    await t.call('PATCH', `/v1/companies/${t.companyIds.alpha}`, { as: 'alpha-admin', body: { name: 'Alpha Boards' } });
  });

  it('answers a bad body with 422 per field', async () => {
    const res = await t.call('PATCH', `/v1/companies/${t.companyIds.alpha}`, { as: 'root', body: { name: '', type: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['name', 'type']);
  });
});
