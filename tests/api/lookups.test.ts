import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const slugs = (res: { json: () => { data: { slug: string }[] } }) => res.json().data.map((r) => r.slug);

describe('lookups', () => {
  it('lists the company types', async () => {
    const res = await t.call('GET', '/v1/company_types', { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: expect.any(Number), slug: 'customer', name: 'Customer' },
      { id: expect.any(Number), slug: 'manufacturer', name: 'Manufacturer' },
      { id: expect.any(Number), slug: 'operator', name: 'Operator' },
    ]);
  });

  it('lists all roles with display names', async () => {
    const res = await t.call('GET', '/v1/roles', { as: 'beta-operator' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: t.roleIds.superadmin, slug: 'superadmin', name: 'Superadmin' },
      { id: t.roleIds.admin, slug: 'admin', name: 'Administrator' },
      { id: t.roleIds.engineer, slug: 'engineer', name: 'Engineer' },
      { id: t.roleIds.operator, slug: 'operator', name: 'Operator' },
      { id: t.roleIds.viewer, slug: 'viewer', name: 'Viewer' },
    ]);
  });

  it.each([
    ['root', ['superadmin', 'admin', 'engineer', 'operator', 'viewer']],
    ['alpha-admin', ['admin', 'engineer', 'operator', 'viewer']],
    ['beta-admin', ['admin', 'engineer', 'operator', 'viewer']],
    ['alpha-engineer', []],
    ['beta-operator', []],
    ['alpha-viewer', []],
  ])('lists the roles %s may grant', async (username, expected) => {
    const res = await t.call('GET', '/v1/companyroles', { as: username });
    expect(res.statusCode).toBe(200);
    expect(slugs(res)).toEqual(expected);
  });

  it.each(['/v1/company_types', '/v1/roles', '/v1/companyroles'])('%s needs a login', async (url) => {
    expect((await t.call('GET', url)).statusCode).toBe(401);
    const bad = await t.call('GET', url, { headers: { authorization: 'Bearer bad' } });
    expect(bad.statusCode).toBe(401);
  });
});
