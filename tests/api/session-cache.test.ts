import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_CACHE_MS } from '../../server/auth/session-cache';
import { hashToken } from '../../server/auth/tokens';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

const me = (headers: { authorization: string }) => t.call('GET', '/v1/users/me', { headers });

describe('the session cache', () => {
  it('shows a role change on the very next request of that user', async () => {
    const operator = await t.login('alpha-operator', { fresh: true });
    expect((await me(operator)).json().data.roles.map((r: { slug: string }) => r.slug)).toEqual(['operator']);
    const change = await t.call('PATCH', `/v1/users/${t.userIds['alpha-operator']}`, {
      as: 'alpha-admin',
      body: { role_ids: [t.roleIds.operator, t.roleIds.viewer] },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(operator)).json().data.roles.map((r: { slug: string }) => r.slug)).toEqual(['operator', 'viewer']);
  });

  it('keeps a token removed behind the app\'s back (another replica) for at most its window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const viewer = await t.login('beta-viewer', { fresh: true });
    expect((await me(viewer)).statusCode).toBe(200);
    await t.db.deleteFrom('auth_tokens').where('token_hash', '=', hashToken(viewer.authorization.split(' ')[1])).execute();
    expect((await me(viewer)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + SESSION_CACHE_MS + 1);
    expect((await me(viewer)).statusCode).toBe(401);
  });

  it('never outlives the token itself', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // A login of 3.6 s: shorter than the cache's window, so only the token's expiry can end it.
    const short = await createTestApp({ tokenTtlHours: 0.001 });
    try {
      const login = await short.call('POST', '/v1/login', { body: { username: 'root', password: PASSWORD } });
      const headers = { authorization: `Bearer ${login.json().data.token}` };
      expect((await short.call('GET', '/v1/users/me', { headers })).statusCode).toBe(200);
      vi.setSystemTime(Date.parse(login.json().data.expires_at) + 1);
      expect((await short.call('GET', '/v1/users/me', { headers })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});
