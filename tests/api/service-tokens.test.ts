import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Service tokens: made by a company's admin, shown once, taken like a login with the role they
 * were given, refused once revoked or expired, invisible to other companies.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const tokensUrl = (companyId: number) => `/v1/companies/${companyId}/service-tokens`;

async function create(body: Record<string, unknown>, as = 'alpha-admin', companyId = t.companyIds.alpha) {
  const res = await t.call('POST', tokensUrl(companyId), { as, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; token: string; role: string; last_used_at: string | null };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('service tokens', () => {
  it('are shown once, stored hashed, and act as their own account of the company', async () => {
    const made = await create({ name: 'MES bridge', role: 'viewer' });
    expect(made.token).toMatch(/^jbt_\d+_[A-Za-z0-9_-]{43}$/);
    expect(made.last_used_at).toBeNull();

    const stored = await t.db.selectFrom('service_tokens').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(made.token.split('_').slice(2).join('_'));
    expect(JSON.stringify(stored)).not.toContain(made.token);

    const list = await t.call('GET', tokensUrl(t.companyIds.alpha), { as: 'alpha-admin' });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((row: { id: number }) => row.id === made.id);
    expect(listed).toMatchObject({ name: 'MES bridge', role: 'viewer', created_by: 'alpha-admin', revoked_at: null });
    expect(JSON.stringify(list.json())).not.toContain(made.token);
    expect(listed).not.toHaveProperty('token');

    const me = await t.call('GET', '/v1/users/me', { headers: bearer(made.token) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data).toMatchObject({ company_id: t.companyIds.alpha, roles: [{ slug: 'viewer' }] });
    expect(me.json().data.username).toMatch(/^svc-/);

    const used = await t.db.selectFrom('service_tokens').select('last_used_at').where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
  });

  it('honour their role: a viewer token reads, and may not create tokens or users', async () => {
    const viewer = await create({ name: 'dashboard', role: 'viewer' });
    expect((await t.call('GET', `/v1/companies/${t.companyIds.alpha}/users`, { headers: bearer(viewer.token) })).statusCode).toBe(200);
    const tokenByToken = await t.call('POST', tokensUrl(t.companyIds.alpha), { headers: bearer(viewer.token), body: { name: 'x', role: 'admin' } });
    expect(tokenByToken.statusCode).toBe(403);
    const user = await t.call('POST', `/v1/companies/${t.companyIds.alpha}/users`, {
      headers: bearer(viewer.token),
      body: { username: 'by-token', email: 'by-token@example.com', password: 'test-password-1', password_confirmation: 'test-password-1', role_ids: [t.roleIds.viewer] },
    });
    expect(user.statusCode).toBe(403);
    expect((await t.call('GET', tokensUrl(t.companyIds.alpha), { headers: bearer(viewer.token) })).statusCode).toBe(403);
  });

  it('an admin token may manage tokens, as its role allows, in its own company only', async () => {
    const admin = await create({ name: 'provisioning', role: 'admin' });
    const made = await t.call('POST', tokensUrl(t.companyIds.alpha), { headers: bearer(admin.token), body: { name: 'child', role: 'operator' } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.role).toBe('operator');
    // What it did is recorded as its own account (a real users row, so created_by holds).
    expect(made.json().data.created_by).toMatch(/^svc-/);
    // Another company does not exist for it.
    expect((await t.call('GET', tokensUrl(t.companyIds.beta), { headers: bearer(admin.token) })).statusCode).toBe(404);
  });

  it('a company admin cannot see or revoke another company’s token (404)', async () => {
    const betaToken = await create({ name: 'beta script', role: 'viewer' }, 'beta-admin', t.companyIds.beta);
    expect((await t.call('GET', tokensUrl(t.companyIds.beta), { as: 'alpha-admin' })).statusCode).toBe(404);
    // Alpha's own path with Beta's token id: no such token of Alpha.
    expect((await t.call('DELETE', `${tokensUrl(t.companyIds.alpha)}/${betaToken.id}`, { as: 'alpha-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', '/v1/users/me', { headers: bearer(betaToken.token) })).statusCode).toBe(200);
  });

  it('revoked tokens answer 401 at once', async () => {
    const made = await create({ name: 'short lived', role: 'engineer' });
    expect((await t.call('GET', '/v1/users/me', { headers: bearer(made.token) })).statusCode).toBe(200);
    const revoked = await t.call('DELETE', `${tokensUrl(t.companyIds.alpha)}/${made.id}`, { as: 'alpha-admin' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revoked_at).not.toBeNull();
    // Inside the session cache's window: the revoke must have forgotten it.
    expect((await t.call('GET', '/v1/users/me', { headers: bearer(made.token) })).statusCode).toBe(401);
  });

  it('expired tokens answer 401, and an expiry must lie ahead', async () => {
    const past = await t.call('POST', tokensUrl(t.companyIds.alpha), { as: 'alpha-admin', body: { name: 'old', role: 'viewer', expires_at: '2020-01-01T00:00:00Z' } });
    expect(past.statusCode).toBe(422);
    const made = await create({ name: 'expiring', role: 'viewer', expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await t.db.updateTable('service_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', made.id).execute();
    // A fresh token text is not cached, so this reads the row.
    expect((await t.call('GET', '/v1/users/me', { headers: bearer(made.token) })).statusCode).toBe(401);
  });

  it('a wrong secret, a malformed token or an unknown id answers 401', async () => {
    const made = await create({ name: 'probe', role: 'viewer' });
    const wrongSecret = made.token.slice(0, -1) + (made.token.endsWith('A') ? 'B' : 'A');
    for (const token of [wrongSecret, `jbt_${made.id}_short`, `jbt_999999_${made.token.split('_').slice(2).join('_')}`]) {
      expect((await t.call('GET', '/v1/users/me', { headers: bearer(token) })).statusCode, token).toBe(401);
    }
  });

  it('refuses a role outside the company roles', async () => {
    const res = await t.call('POST', tokensUrl(t.companyIds.alpha), { as: 'root', body: { name: 'x', role: 'superadmin' } });
    expect(res.statusCode).toBe(422);
  });

  it('its account cannot log in with a password', async () => {
    const made = await create({ name: 'no password', role: 'viewer' });
    const me = await t.call('GET', '/v1/users/me', { headers: bearer(made.token) });
    const username = me.json().data.username;
    for (const password of ['', '!', 'test-password-1']) {
      const res = await t.call('POST', '/v1/login', { body: { username, password } });
      expect(res.statusCode).not.toBe(200);
    }
  });

  it('their accounts stay out of the company users list', async () => {
    const made = await create({ name: 'hidden account', role: 'viewer' });
    const me = (await t.call('GET', '/v1/users/me', { headers: bearer(made.token) })).json().data;
    const users = await t.call('GET', `/v1/companies/${t.companyIds.alpha}/users?limit=100`, { as: 'alpha-admin' });
    expect(users.statusCode).toBe(200);
    const names = users.json().data.map((u: { username: string }) => u.username);
    expect(names).toContain('alpha-admin');
    expect(names).not.toContain(me.username);
  });

  it('revoking takes away a password an admin gave the account', async () => {
    const made = await create({ name: 'given a password', role: 'viewer' });
    const me = (await t.call('GET', '/v1/users/me', { headers: bearer(made.token) })).json().data;
    const password = 'a-password-for-svc';
    const set = await t.call('PATCH', `/v1/users/${me.id}`, { as: 'alpha-admin', body: { password, password_confirmation: password } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await t.call('POST', '/v1/login', { body: { username: me.username, password } })).statusCode).toBe(200);
    expect((await t.call('DELETE', `${tokensUrl(t.companyIds.alpha)}/${made.id}`, { as: 'alpha-admin' })).statusCode).toBe(200);
    expect((await t.call('POST', '/v1/login', { body: { username: me.username, password } })).statusCode).toBe(401);
  });

  it('a token may not rename its own account', async () => {
    const made = await create({ name: 'self editor', role: 'viewer' });
    const res = await t.call('PATCH', '/v1/users/me', { headers: bearer(made.token), body: { username: 'acme-boss' } });
    expect(res.statusCode).toBe(403);
    const me = (await t.call('GET', '/v1/users/me', { headers: bearer(made.token) })).json().data;
    expect(me.username).toMatch(/^svc-/);
  });

  it('OpenAPI names the scheme, and every logged-in route accepts it', async () => {
    const doc = (await t.call('GET', '/v1/openapi.json')).json();
    expect(doc.components.securitySchemes.serviceToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'jbt_<id>_<secret>' });
    expect(doc.paths['/v1/companies/{id}/service-tokens'].post.security).toEqual([{ bearer: [] }, { serviceToken: [] }]);
  });
});
