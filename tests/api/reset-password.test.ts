import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE } from '../../server/auth/throttle';
import { PasswordTooShort, resetPassword, UnknownUser } from '../../server/auth/reset-password';
import { buildApp } from '../../server/app';
import { migrateToLatest } from '../../server/db/migrate';
import { openDatabase } from '../../server/db/open';
import { createFirstSuperadmin } from '../../server/seed/first-admin';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginThrottle: DEFAULT_THROTTLE });
});
afterAll(() => t?.close());

const login = (username: string, password: string, ip = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: '/v1/login', remoteAddress: ip, payload: { username, password } });

describe('resetting a lost password', () => {
  it('sets a generated password, ends every session and lifts the throttle the guessing left', async () => {
    const session = await t.login('alpha-admin', { fresh: true });
    expect((await t.call('GET', '/v1/users/me', { headers: session })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login('alpha-admin', 'guessed-wrong')).statusCode).toBe(401);
    expect((await login('alpha-admin', PASSWORD)).statusCode).toBe(429);

    const reset = await resetPassword(t.db, 'ALPHA-Admin');
    expect(reset).toMatchObject({ username: 'alpha-admin', generated: true });
    expect(reset.password.length).toBeGreaterThanOrEqual(20);

    expect((await t.call('GET', '/v1/users/me', { headers: session })).statusCode).toBe(401);
    expect((await login('alpha-admin', PASSWORD)).statusCode).toBe(401);
    expect((await login('alpha-admin', reset.password)).statusCode).toBe(200);
  });

  it('takes a chosen password of the allowed length and refuses a short one or an unknown user', async () => {
    await expect(resetPassword(t.db, 'beta-admin', 'short')).rejects.toBeInstanceOf(PasswordTooShort);
    expect((await login('beta-admin', PASSWORD, '10.9.0.2')).statusCode).toBe(200);
    await expect(resetPassword(t.db, 'nobody-here')).rejects.toBeInstanceOf(UnknownUser);

    const reset = await resetPassword(t.db, 'beta-admin', 'a-chosen-password');
    expect(reset.generated).toBe(false);
    expect((await login('beta-admin', 'a-chosen-password', '10.9.0.2')).statusCode).toBe(200);
  });
});

// The script on its own SQLite database, whatever TEST_DB the rest of the file uses.
describe('npm run reset-password', () => {
  it('prints a new password for the SQLite database in DATA_DIR that then logs in', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-reset-'));
    try {
      const file = path.join(dataDir, 'jigboard.sqlite');
      const setup = openDatabase({ kind: 'sqlite', file });
      await migrateToLatest(setup);
      await createFirstSuperadmin(setup, { username: 'admin', password: 'forgotten-long-ago' });
      await setup.destroy();

      const run = promisify(execFile);
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
      const { stdout } = await run('node_modules/.bin/tsx', ['scripts/reset-password.ts', 'admin'], { env });
      const password = /New password for admin: (\S+)/.exec(stdout)?.[1];
      expect(password).toBeDefined();

      const app = await buildApp({ db: { kind: 'sqlite', file }, dataDir });
      try {
        const res = await app.inject({ method: 'POST', url: '/v1/login', payload: { username: 'admin', password } });
        expect(res.statusCode).toBe(200);
      } finally {
        await app.close();
      }

      const refused = await run('node_modules/.bin/tsx', ['scripts/reset-password.ts', 'nobody'], { env }).catch((e: { code: number; stderr: string }) => e);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('No user is called "nobody".') });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two cold tsx starts and an argon2 hash each: seconds alone, far more on a busy machine.
  }, 120_000);
});
