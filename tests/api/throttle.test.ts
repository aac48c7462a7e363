import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app';

const WINDOW_MS = 10 * 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginThrottle: { maxPerUser: 3, maxPerIp: 5, windowMs: WINDOW_MS } });
});
afterAll(() => t?.close());

/** Each test logs in from its own address, so the per-address counts do not mix. */
const attempt = (ip: string, username: string, password = 'wrong-password') =>
  t.app.inject({ method: 'POST', url: '/v1/login', remoteAddress: ip, payload: { username, password } });

describe('login throttling', () => {
  it('refuses a username after repeated failures, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('10.0.0.1', 'alpha-admin')).statusCode).toBe(401);
    const res = await attempt('10.0.0.1', 'alpha-admin', PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: expect.stringMatching(/Too many failed logins/) });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(WINDOW_MS / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
    // The same username from elsewhere: still refused, the count is per username.
    expect((await attempt('10.0.0.2', 'ALPHA-ADMIN', PASSWORD)).statusCode).toBe(429);
  });

  it('forgives a username its failures after a successful login', async () => {
    for (let i = 0; i < 2; i++) expect((await attempt('10.0.1.1', 'alpha-engineer')).statusCode).toBe(401);
    expect((await attempt('10.0.1.1', 'alpha-engineer', PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await attempt('10.0.1.2', 'alpha-engineer')).statusCode).toBe(401);
    expect((await attempt('10.0.1.2', 'alpha-engineer', PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an address that guesses across many usernames', async () => {
    const names = ['u1', 'u2', 'u3', 'u4', 'u5'];
    for (const name of names) expect((await attempt('10.0.2.1', name)).statusCode).toBe(401);
    const res = await attempt('10.0.2.1', 'beta-admin', PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await attempt('10.0.2.2', 'beta-admin', PASSWORD)).statusCode).toBe(200);
  });

  it('lets the username in again once its failures leave the window', async () => {
    for (let i = 0; i < 3; i++) await attempt('10.0.3.1', 'beta-viewer');
    expect((await attempt('10.0.3.1', 'beta-viewer', PASSWORD)).statusCode).toBe(429);
    const past = new Date(Date.now() - WINDOW_MS - 1000).toISOString();
    await t.db.updateTable('login_failures').set({ created_at: past }).where('username', '=', 'beta-viewer').execute();
    expect((await attempt('10.0.3.2', 'beta-viewer', PASSWORD)).statusCode).toBe(200);
  });
});
