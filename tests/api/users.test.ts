import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const usernames = (res: { json: () => { data: { username: string }[] } }) =>
  res.json().data.map((u) => u.username);

/** A user of its own for a test that changes it, so tests do not depend on each other. */
async function makeUser(company: 'alpha' | 'beta' | 'operations', username: string, roles: number[]) {
  const res = await t.call('POST', `/v1/companies/${t.companyIds[company]}/users`, {
    as: 'root',
    body: {
      username,
      email: `${username}@example.org`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      role_ids: roles,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

describe('GET /v1/users', () => {
  it('lists every user to a superadmin', async () => {
    const res = await t.call('GET', '/v1/users?sortby=username&limit=200', { as: 'root' });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBeGreaterThanOrEqual(9);
    const names = usernames(res);
    expect(names).toEqual([...names].sort());
    expect(JSON.stringify(res.json())).not.toMatch(/password/);
  });

  it('filters by company and searches', async () => {
    const beta = await t.call('GET', `/v1/users?company_id=${t.companyIds.beta}&sortby=email`, { as: 'root' });
    expect(usernames(beta)).toEqual(['beta-admin', 'beta-engineer', 'beta-operator', 'beta-viewer']);
    const search = await t.call('GET', '/v1/users?search=VIEWER', { as: 'root' });
    expect(usernames(search).sort()).toEqual(['alpha-viewer', 'beta-viewer']);
  });

  it('pages and sorts by id descending', async () => {
    const res = await t.call('GET', '/v1/users?sortby=id&sortdesc=1&limit=2&page=1', { as: 'root' });
    const ids = res.json().data.map((u: { id: number }) => u.id);
    expect(ids[0]).toBeGreaterThan(ids[1]);
    expect(res.json().meta).toMatchObject({ page: 1, limit: 2 });
  });

  it.each(['sortby=role', 'page=0', 'limit=500', 'company_id=abc'])('answers %s with 422', async (query) => {
    expect((await t.call('GET', `/v1/users?${query}`, { as: 'root' })).statusCode).toBe(422);
  });

  it.each(['alpha-admin', 'alpha-engineer', 'beta-viewer'])('refuses %s with 403', async (username) => {
    expect((await t.call('GET', '/v1/users', { as: username })).statusCode).toBe(403);
  });

  it('needs a login', async () => {
    expect((await t.call('GET', '/v1/users')).statusCode).toBe(401);
  });
});

describe('GET /v1/users/:id', () => {
  it('shows a colleague', async () => {
    const res = await t.call('GET', `/v1/users/${t.userIds['alpha-admin']}`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ username: 'alpha-admin', roles: [{ slug: 'admin' }] });
  });

  it('shows anyone to a superadmin', async () => {
    expect((await t.call('GET', `/v1/users/${t.userIds['beta-viewer']}`, { as: 'root' })).statusCode).toBe(200);
  });

  it('hides a user of another company with 404', async () => {
    const res = await t.call('GET', `/v1/users/${t.userIds['beta-admin']}`, { as: 'alpha-admin' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('beta');
  });

  it('hides the superadmin from company users with 404', async () => {
    expect((await t.call('GET', `/v1/users/${t.userIds.root}`, { as: 'alpha-admin' })).statusCode).toBe(404);
  });

  it.each(['999999', 'abc', 'ME'])('answers %s with 404', async (id) => {
    expect((await t.call('GET', `/v1/users/${id}`, { as: 'root' })).statusCode).toBe(404);
  });

  it('needs a login', async () => {
    expect((await t.call('GET', '/v1/users/me')).statusCode).toBe(401);
  });
});

describe('PATCH /v1/users/:id', () => {
  it('lets users change their own username and email via me', async () => {
    const id = await makeUser('alpha', 'alpha-renamer', [t.roleIds.operator]);
    const auth = await t.login('alpha-renamer');
    const res = await t.call('PATCH', '/v1/users/me', {
      headers: auth,
      body: { username: 'alpha-renamed', email: 'renamed@example.org' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, username: 'alpha-renamed', email: 'renamed@example.org' });
  });

  it('needs the current password to change ones own password', async () => {
    await makeUser('beta', 'beta-pw', [t.roleIds.engineer]);
    const auth = await t.login('beta-pw', { fresh: true });
    const other = await t.login('beta-pw', { fresh: true });
    const change = { password: 'brand-new-password', password_confirmation: 'brand-new-password' };

    const missing = await t.call('PATCH', '/v1/users/me', { headers: auth, body: change });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['current_password']);

    const wrong = await t.call('PATCH', '/v1/users/me', { headers: auth, body: { ...change, current_password: 'nope' } });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['current_password']);

    const ok = await t.call('PATCH', '/v1/users/me', { headers: auth, body: { ...change, current_password: PASSWORD } });
    expect(ok.statusCode).toBe(200);
    // The new password works, the session that changed it stays, other sessions end.
    const login = await t.call('POST', '/v1/login', { body: { username: 'beta-pw', password: 'brand-new-password' } });
    expect(login.statusCode).toBe(200);
    expect((await t.call('GET', '/v1/users/me', { headers: auth })).statusCode).toBe(200);
    expect((await t.call('GET', '/v1/users/me', { headers: other })).statusCode).toBe(401);
  });

  it('answers a mismatched confirmation with 422', async () => {
    const res = await t.call('PATCH', '/v1/users/me', {
      as: 'alpha-viewer',
      body: { password: 'brand-new-password', password_confirmation: 'different', current_password: PASSWORD },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['password_confirmation']);
  });

  it('refuses non-admins changing their own roles with 403, but accepts them unchanged', async () => {
    const grant = await t.call('PATCH', '/v1/users/me', { as: 'alpha-engineer', body: { role_ids: [t.roleIds.admin] } });
    expect(grant.statusCode).toBe(403);
    const same = await t.call('PATCH', '/v1/users/me', {
      as: 'alpha-engineer',
      body: { role_ids: [t.roleIds.engineer], email: 'alpha-engineer@example.com' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('lets a company admin set roles of a colleague, company roles only', async () => {
    const id = await makeUser('alpha', 'alpha-promoted', [t.roleIds.viewer]);
    const ok = await t.call('PATCH', `/v1/users/${id}`, {
      as: 'alpha-admin',
      body: { role_ids: [t.roleIds.engineer, t.roleIds.operator] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.role_ids).toEqual([t.roleIds.engineer, t.roleIds.operator]);

    const sneaky = await t.call('PATCH', `/v1/users/${id}`, { as: 'alpha-admin', body: { role_ids: [t.roleIds.superadmin] } });
    expect(sneaky.statusCode).toBe(422);
    expect(Object.keys(sneaky.json().errors)).toEqual(['role_ids']);
    const self = await t.call('PATCH', '/v1/users/me', { as: 'alpha-admin', body: { role_ids: [t.roleIds.superadmin] } });
    expect(self.statusCode).toBe(422);
  });

  it('lets a company admin reset a colleague password without a current password', async () => {
    const id = await makeUser('alpha', 'alpha-forgetful', [t.roleIds.operator]);
    const res = await t.call('PATCH', `/v1/users/${id}`, {
      as: 'alpha-admin',
      body: { password: 'reset-by-admin', password_confirmation: 'reset-by-admin' },
    });
    expect(res.statusCode).toBe(200);
    const login = await t.call('POST', '/v1/login', { body: { username: 'alpha-forgetful', password: 'reset-by-admin' } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a colleague without the admin role with 403', async () => {
    const res = await t.call('PATCH', `/v1/users/${t.userIds['alpha-viewer']}`, { as: 'alpha-engineer', body: { email: 'x@example.org' } });
    expect(res.statusCode).toBe(403);
  });

  it('hides users of another company from an admin with 404', async () => {
    const res = await t.call('PATCH', `/v1/users/${t.userIds['beta-viewer']}`, { as: 'alpha-admin', body: { email: 'x@example.org' } });
    expect(res.statusCode).toBe(404);
  });

  it('keeps a company admin away from a superadmin of the same company', async () => {
    const adminId = await makeUser('operations', 'ops-admin', [t.roleIds.admin]);
    expect(adminId).toBeGreaterThan(0);
    const res = await t.call('PATCH', `/v1/users/${t.userIds.root}`, {
      as: 'ops-admin',
      body: { password: 'taken-over-now', password_confirmation: 'taken-over-now' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets a superadmin edit anyone', async () => {
    const res = await t.call('PATCH', `/v1/users/${t.userIds['beta-operator']}`, {
      as: 'root',
      body: { role_ids: [t.roleIds.operator, t.roleIds.viewer] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.roles.map((r: { slug: string }) => r.slug)).toEqual(['operator', 'viewer']);
  });

  it('keeps the last superadmin', async () => {
    const res = await t.call('PATCH', '/v1/users/me', { as: 'root', body: { role_ids: [t.roleIds.admin] } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['role_ids']);
  });

  it('refuses a taken username or email with 422', async () => {
    const res = await t.call('PATCH', '/v1/users/me', {
      as: 'alpha-operator',
      body: { username: 'Alpha-Admin', email: 'ALPHA-ADMIN@example.com' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'username']);
  });

  it('answers a bad body with 422 per field', async () => {
    const res = await t.call('PATCH', '/v1/users/me', {
      as: 'alpha-operator',
      body: { username: '!!', email: 'nope', role_ids: 'admin' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'role_ids', 'username']);
  });

  it('needs a login', async () => {
    expect((await t.call('PATCH', '/v1/users/me', { body: {} })).statusCode).toBe(401);
  });
});
