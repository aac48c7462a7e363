import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE } from '../../server/auth/throttle';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  // The defaults: 5 failures per (username, address), 20 per address, waits from 1 to 30 min.
  t = await createTestApp({ loginThrottle: DEFAULT_THROTTLE });
});
afterAll(() => t?.close());

/** Each test logs in from its own addresses, so the per-address counts do not mix. */
const attempt = (ip: string, username: string, password = 'wrong-password') =>
  t.app.inject({ method: 'POST', url: '/v1/login', remoteAddress: ip, payload: { username, password } });

const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

/** Moves an address's failures `ms` into the past, as if that much time had gone by. */
async function age(ip: string, ms: number) {
  const rows = await t.db.selectFrom('login_failures').where('ip', '=', ip).select(['id', 'created_at']).execute();
  for (const row of rows) {
    const created_at = new Date(Date.parse(row.created_at) - ms).toISOString();
    await t.db.updateTable('login_failures').set({ created_at }).where('id', '=', row.id).execute();
  }
}

describe('login throttling', () => {
  it("does not let a stranger's failures from one address lock the user out elsewhere", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await attempt('10.0.0.1', 'root')).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // From the stranger's address even the right password waits; from another it just works.
    expect((await attempt('10.0.0.1', 'root', PASSWORD)).statusCode).toBe(429);
    expect((await attempt('10.0.0.2', 'root', PASSWORD)).statusCode).toBe(200);
    expect((await attempt('10.0.0.2', 'ROOT', PASSWORD)).statusCode).toBe(200);
  });

  it('makes a (username, address) pair wait after 5 failures, doubling the wait per further failure', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 5; i++) expect((await attempt(ip, 'alpha-admin')).statusCode).toBe(401);
    const first = await attempt(ip, 'alpha-admin', PASSWORD);
    expect(first.statusCode).toBe(429);
    expect(first.json()).toEqual({ message: expect.stringMatching(/^Too many failed logins\. Try again in \d+ (seconds?|minutes?)\.$/) });
    expect(retryAfter(first)).toBeGreaterThan(50);
    expect(retryAfter(first)).toBeLessThanOrEqual(60);
    // The username in another case is the same username.
    expect((await attempt(ip, 'ALPHA-ADMIN', PASSWORD)).statusCode).toBe(429);

    // A minute later one more guess is allowed; when it fails, the wait doubles.
    await age(ip, 61_000);
    expect((await attempt(ip, 'alpha-admin')).statusCode).toBe(401);
    const second = await attempt(ip, 'alpha-admin', PASSWORD);
    expect(second.statusCode).toBe(429);
    expect(retryAfter(second)).toBeGreaterThan(110);
    expect(retryAfter(second)).toBeLessThanOrEqual(120);
    expect(second.json().message).toBe('Too many failed logins. Try again in 2 minutes.');

    await age(ip, 121_000);
    expect((await attempt(ip, 'alpha-admin')).statusCode).toBe(401);
    const third = await attempt(ip, 'alpha-admin', PASSWORD);
    expect(retryAfter(third)).toBeGreaterThan(230);
    expect(retryAfter(third)).toBeLessThanOrEqual(240);
  });

  it('caps the wait at 30 minutes', async () => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: 30 }, () => ({ username: 'beta-engineer', ip: '10.0.1.5', created_at: now }));
    await t.db.insertInto('login_failures').values(rows).execute();
    const res = await attempt('10.0.1.5', 'beta-engineer', PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(retryAfter(res)).toBeGreaterThan(30 * 60 - 10);
    expect(retryAfter(res)).toBeLessThanOrEqual(30 * 60);
    expect(res.json().message).toBe('Too many failed logins. Try again in 30 minutes.');
  });

  it('counts a burst of parallel guesses before any of them is checked', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt('10.0.1.9', 'beta-viewer')));
    const statuses = results.map((r) => r.statusCode);
    // 5 on SQLite; PostgreSQL may let one more through when two inserts commit out of order.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(6);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(6);
  });

  it('makes an address that guesses across many usernames wait, and doubles its wait too', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < 20; i++) expect((await attempt(ip, `nobody-${i}`)).statusCode).toBe(401);
    const res = await attempt(ip, 'beta-admin', PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(retryAfter(res)).toBeGreaterThan(50);
    expect(retryAfter(res)).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await attempt('10.0.2.2', 'beta-admin', PASSWORD)).statusCode).toBe(200);

    await age(ip, 61_000);
    expect((await attempt(ip, 'nobody-20')).statusCode).toBe(401);
    const again = await attempt(ip, 'beta-admin', PASSWORD);
    expect(again.statusCode).toBe(429);
    expect(retryAfter(again)).toBeGreaterThan(110);
    expect(retryAfter(again)).toBeLessThanOrEqual(120);
  });

  it("clears the pair's failures on a successful login, and only that pair's", async () => {
    for (let i = 0; i < 4; i++) expect((await attempt('10.0.3.1', 'alpha-engineer')).statusCode).toBe(401);
    for (let i = 0; i < 4; i++) expect((await attempt('10.0.3.2', 'alpha-engineer')).statusCode).toBe(401);
    expect((await attempt('10.0.3.1', 'alpha-engineer', PASSWORD)).statusCode).toBe(200);
    const left = await t.db.selectFrom('login_failures').where('username', '=', 'alpha-engineer').select('ip').execute();
    expect(left.map((r) => r.ip)).toEqual(Array(4).fill('10.0.3.2'));
    // Four more failures from the cleared address still leave it under the threshold of 5 ...
    for (let i = 0; i < 4; i++) expect((await attempt('10.0.3.1', 'alpha-engineer')).statusCode).toBe(401);
    expect((await attempt('10.0.3.1', 'alpha-engineer', PASSWORD)).statusCode).toBe(200);
    // ... while the other address's fifth failure makes that pair wait.
    expect((await attempt('10.0.3.2', 'alpha-engineer')).statusCode).toBe(401);
    expect((await attempt('10.0.3.2', 'alpha-engineer', PASSWORD)).statusCode).toBe(429);
  });

  it('lets the pair in again once its failures leave the window', async () => {
    for (let i = 0; i < 5; i++) await attempt('10.0.4.1', 'beta-operator');
    expect((await attempt('10.0.4.1', 'beta-operator', PASSWORD)).statusCode).toBe(429);
    await age('10.0.4.1', DEFAULT_THROTTLE.userAndAddressWindowMs);
    expect((await attempt('10.0.4.1', 'beta-operator', PASSWORD)).statusCode).toBe(200);
  });
});
