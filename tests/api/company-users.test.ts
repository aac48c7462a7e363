import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/store/users';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const usernames = (res: { json: () => { data: { username: string }[] } }) =>
  res.json().data.map((u) => u.username);

const newUser = (username: string, roleIds: number[]) => ({
  username,
  email: `${username}@alpha.example`,
  password: 'a-long-password',
  password_confirmation: 'a-long-password',
  role_ids: roleIds,
});

describe('GET /v1/companies/:id/users', () => {
  it('lists the company users to any member, sorted and paged', async () => {
    const url = `/v1/companies/${t.companyIds.alpha}/users?sortby=username&sortdesc=true&limit=3`;
    const res = await t.call('GET', url, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    expect(usernames(res)).toEqual(['alpha-viewer', 'alpha-operator', 'alpha-engineer']);
    expect(res.json().meta).toEqual({ page: 1, limit: 3, total: 4 });
    const user = res.json().data[0];
    expect(user).toEqual({
      id: t.userIds['alpha-viewer'],
      username: 'alpha-viewer',
      email: 'alpha-viewer@example.com',
      company_id: t.companyIds.alpha,
      company: { id: t.companyIds.alpha, name: 'Alpha Boards', type: 'customer' },
      role_ids: [t.roleIds.viewer],
      roles: [{ id: t.roleIds.viewer, slug: 'viewer', name: 'Viewer' }],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('lists them to a superadmin', async () => {
    const res = await t.call('GET', `/v1/companies/${t.companyIds.beta}/users`, { as: 'root' });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(4);
  });

  it('searches username and email', async () => {
    const byName = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/users?search=ENGINEER`, { as: 'alpha-admin' });
    expect(usernames(byName)).toEqual(['alpha-engineer']);
    const byEmail = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/users?search=operator@example`, { as: 'alpha-admin' });
    expect(usernames(byEmail)).toEqual(['alpha-operator']);
  });

  it('hides another company with 404', async () => {
    const res = await t.call('GET', `/v1/companies/${t.companyIds.beta}/users`, { as: 'alpha-admin' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('beta-');
  });

  it('answers an unknown sortby with 422', async () => {
    const res = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/users?sortby=password_hash`, { as: 'alpha-admin' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['sortby']);
  });

  it('needs a login', async () => {
    expect((await t.call('GET', `/v1/companies/${t.companyIds.alpha}/users`)).statusCode).toBe(401);
  });
});

describe('POST /v1/companies/:id/users', () => {
  it('lets a company admin add a user with company roles', async () => {
    const res = await t.call('POST', `/v1/companies/${t.companyIds.alpha}/users`, {
      as: 'alpha-admin',
      body: newUser('alpha-new', [t.roleIds.engineer, t.roleIds.viewer]),
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      username: 'alpha-new',
      company_id: t.companyIds.alpha,
      role_ids: [t.roleIds.engineer, t.roleIds.viewer],
    });
    expect(JSON.stringify(data)).not.toMatch(/password/);
    const login = await t.call('POST', '/v1/login', { body: { username: 'alpha-new', password: 'a-long-password' } });
    expect(login.statusCode).toBe(200);
  });

  it('lets a superadmin add a user to any company, superadmin role included', async () => {
    const res = await t.call('POST', `/v1/companies/${t.companyIds.operations}/users`, {
      as: 'root',
      body: newUser('ops-second', [t.roleIds.superadmin]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.roles.map((r: { slug: string }) => r.slug)).toEqual(['superadmin']);
  });

  it('refuses a company admin granting superadmin with 422 on role_ids', async () => {
    const res = await t.call('POST', `/v1/companies/${t.companyIds.alpha}/users`, {
      as: 'alpha-admin',
      body: newUser('alpha-sneaky', [t.roleIds.superadmin]),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['role_ids']);
  });

  it('refuses unknown role ids with 422 on role_ids', async () => {
    const res = await t.call('POST', `/v1/companies/${t.companyIds.alpha}/users`, {
      as: 'alpha-admin',
      body: newUser('alpha-unknown-role', [9999]),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['role_ids']);
  });

  it.each(['alpha-engineer', 'alpha-operator', 'alpha-viewer'])('refuses %s with 403', async (username) => {
    const res = await t.call('POST', `/v1/companies/${t.companyIds.alpha}/users`, {
      as: username,
      body: newUser(`${username}-made`, [t.roleIds.viewer]),
    });
    expect(res.statusCode).toBe(403);
  });

  it("hides another company from an admin with 404", async () => {
    const res = await t.call('POST', `/v1/companies/${t.companyIds.beta}/users`, {
      as: 'alpha-admin',
      body: newUser('beta-planted', [t.roleIds.viewer]),
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a taken username and email, whatever their case, with 422 on both', async () => {
    const res = await t.call('POST', `/v1/companies/${t.companyIds.alpha}/users`, {
      as: 'alpha-admin',
      body: { ...newUser('BETA-ADMIN', [t.roleIds.viewer]), email: 'Beta-Admin@Example.com' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'username']);
  });

  it('turns a collision at the unique index (a race past the pre-check) into 422', async () => {
    const racing = createUser(t.db, {
      username: 'race-winner',
      email: 'ALPHA-ADMIN@example.com',
      password: PASSWORD,
      company_id: t.companyIds.alpha,
      role_ids: [t.roleIds.viewer],
    });
    await expect(racing).rejects.toMatchObject({ statusCode: 422, errors: { email: [expect.any(String)] } });
    const stray = await t.db.selectFrom('users').where('username', '=', 'race-winner').select('id').execute();
    expect(stray).toEqual([]);
  });

  it('answers a bad body with 422 per field', async () => {
    const res = await t.call('POST', `/v1/companies/${t.companyIds.alpha}/users`, {
      as: 'alpha-admin',
      body: { username: 'a', email: 'not-an-email', password: 'short', password_confirmation: 'other', role_ids: [] },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password', 'password_confirmation', 'role_ids', 'username']);
  });

  it('answers a mismatched confirmation with 422 on password_confirmation', async () => {
    const res = await t.call('POST', `/v1/companies/${t.companyIds.alpha}/users`, {
      as: 'alpha-admin',
      body: { ...newUser('alpha-mismatch', [t.roleIds.viewer]), password_confirmation: 'something-else' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['password_confirmation']);
  });

  it('needs a login', async () => {
    const res = await t.call('POST', `/v1/companies/${t.companyIds.alpha}/users`, { body: newUser('anon', [1]) });
    expect(res.statusCode).toBe(401);
  });
});
