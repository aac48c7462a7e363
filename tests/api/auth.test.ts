import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_CREDENTIALS } from '../../contract/auth';
import { userSchema } from '../../contract/users';
import { hashToken } from '../../server/auth/tokens';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const loginAs = (username: string, password = PASSWORD) =>
  t.call('POST', '/v1/login', { body: { username, password } });

describe('POST /v1/login', () => {
  it('returns a bearer token that expires in 7 days', async () => {
    const res = await loginAs('alpha-engineer');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.type).toBe('Bearer');
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    const ttl = Date.parse(data.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(7 * 24 * 3600_000);
  });

  it('stores only the hash of the token', async () => {
    const { data } = (await loginAs('alpha-viewer')).json();
    const rows = await t.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === data.token)).toBe(false);
    expect(rows.some((r) => r.token_hash === hashToken(data.token))).toBe(true);
  });

  it('matches the username regardless of case', async () => {
    expect((await loginAs('ALPHA-Admin')).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await loginAs('alpha-admin', 'not-the-password');
    const unknown = await loginAs('nobody-here', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: WRONG_CREDENTIALS });
    expect(unknown.json()).toEqual({ message: WRONG_CREDENTIALS });
  });

  it('takes about as long for an unknown user as for a wrong password', async () => {
    const time = async (username: string) => {
      const start = performance.now();
      await loginAs(username, 'not-the-password');
      return performance.now() - start;
    };
    await time('alpha-admin'); // warm the dummy hash
    // The fastest of a few tries each, interleaved, so a busy machine's pauses do not decide.
    let known = Infinity;
    let unknown = Infinity;
    for (let i = 0; i < 3; i++) {
      known = Math.min(known, await time('alpha-admin'));
      unknown = Math.min(unknown, await time('nobody-here'));
    }
    // Both run one argon2 verification; without it the unknown user would answer in ~1 ms.
    expect(unknown).toBeGreaterThan(known / 3);
  });

  it('answers a bad body with 422 per field', async () => {
    const res = await t.call('POST', '/v1/login', { body: { username: '  ' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['password', 'username']);
  });
});

describe('the login on later calls', () => {
  it('loads the caller with GET /v1/users/me', async () => {
    const res = await t.call('GET', '/v1/users/me', { as: 'alpha-engineer' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      username: 'alpha-engineer',
      company: { id: t.companyIds.alpha, name: 'Alpha Boards', type: 'customer' },
      roles: [{ slug: 'engineer', name: 'Engineer' }],
    });
    expect(data).not.toHaveProperty('password_hash');
    // Exactly the contract's user: the session's internals (project memberships) stay inside.
    expect(() => userSchema.strict().parse(data)).not.toThrow();
  });

  it.each([
    ['no header', {}],
    ['an unknown token', { authorization: 'Bearer nope-nope-nope' }],
    ['another scheme', { authorization: 'Basic cm9vdDpwYXNz' }],
    ['a scheme without token', { authorization: 'Bearer' }],
  ])('answers %s with 401', async (_name, headers) => {
    const res = await t.call('GET', '/v1/users/me', { headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('accepts the token type in any case', async () => {
    const { authorization } = await t.login('alpha-operator');
    const token = authorization.split(' ')[1];
    const res = await t.call('GET', '/v1/users/me', { headers: { authorization: `bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const { authorization } = await t.login('beta-viewer', { fresh: true });
    const token = authorization.split(' ')[1];
    await t.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await t.call('GET', '/v1/users/me', { headers: { authorization } });
    expect(res.statusCode).toBe(401);
  });

  it('honours a configured token lifetime', async () => {
    const short = await createTestApp({ tokenTtlHours: 1 });
    try {
      const res = await short.call('POST', '/v1/login', { body: { username: 'root', password: PASSWORD } });
      const ttl = Date.parse(res.json().data.expires_at) - Date.now();
      expect(ttl).toBeGreaterThan(3600_000 - 60_000);
      expect(ttl).toBeLessThanOrEqual(3600_000);
    } finally {
      await short.close();
    }
  });
});

describe('POST /v1/logout', () => {
  it('revokes the presented token and only that one', async () => {
    const first = await t.login('beta-engineer', { fresh: true });
    const second = await t.login('beta-engineer', { fresh: true });
    const res = await t.call('POST', '/v1/logout', { headers: first });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.call('GET', '/v1/users/me', { headers: first })).statusCode).toBe(401);
    expect((await t.call('GET', '/v1/users/me', { headers: second })).statusCode).toBe(200);
  });

  it('accepts an empty JSON body', async () => {
    const auth = await t.login('beta-operator', { fresh: true });
    const res = await t.call('POST', '/v1/logout', {
      headers: { ...auth, 'content-type': 'application/json' },
      body: '',
    });
    expect(res.statusCode).toBe(204);
  });

  it('needs a login', async () => {
    expect((await t.call('POST', '/v1/logout')).statusCode).toBe(401);
  });
});
