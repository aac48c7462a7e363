import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv, SERVER_VARIABLES } from './env';

describe('readEnv', () => {
  it('has defaults for everything', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: path.resolve('./data'),
      SEED_DEMO: true,
      DEMO_PASSWORD: 'jigboard-demo',
      TOKEN_TTL_HOURS: 168,
      SKIP_WEB_BUILD: false,
      TRUST_PROXY: false,
      HEADERS_TIMEOUT_MS: 15_000,
      REQUEST_TIMEOUT_MS: 60_000,
      CONNECTION_TIMEOUT_MS: 60_000,
      KEEP_ALIVE_TIMEOUT_MS: 72_000,
      REPORT_GROUPS_IN_FLIGHT: 1,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.FILE_STORE).toBeUndefined();
  });

  it('names a file store, or refuses one it does not know', () => {
    expect(readEnv({ FILE_STORE: 'postgres' }).FILE_STORE).toBe('postgres');
    expect(readEnv({ FILE_STORE: '' }).FILE_STORE).toBeUndefined();
    expect(() => readEnv({ FILE_STORE: 's3' })).toThrow(/FILE_STORE/);
  });

  it('reads flags and numbers', () => {
    const env = readEnv({ PORT: '9000', SEED_DEMO: '0', SKIP_WEB_BUILD: '1', TOKEN_TTL_HOURS: '12', TRUST_PROXY: 'true' });
    expect(env).toMatchObject({ PORT: 9000, SEED_DEMO: false, SKIP_WEB_BUILD: true, TOKEN_TTL_HOURS: 12, TRUST_PROXY: true });
  });

  it('takes one or two report groups in flight, and refuses more', () => {
    expect(readEnv({ REPORT_GROUPS_IN_FLIGHT: '2' }).REPORT_GROUPS_IN_FLIGHT).toBe(2);
    expect(() => readEnv({ REPORT_GROUPS_IN_FLIGHT: '3' })).toThrow(/REPORT_GROUPS_IN_FLIGHT/);
    expect(() => readEnv({ REPORT_GROUPS_IN_FLIGHT: '0' })).toThrow(/REPORT_GROUPS_IN_FLIGHT/);
  });

  it('turns a hop count into a trust function', () => {
    const trust = readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY as (a: string, hop: number) => boolean;
    expect([trust('1.2.3.4', 0), trust('1.2.3.4', 1), trust('1.2.3.4', 2)]).toEqual([true, true, false]);
  });

  it('reads the mail settings: no SMTP_URL by default, links to localhost on PORT unless PUBLIC_URL says', () => {
    expect(readEnv({}).SMTP_URL).toBeUndefined();
    expect(readEnv({})).toMatchObject({ MAIL_FROM: 'Jigboard <jigboard@localhost>', PUBLIC_URL: 'http://localhost:8080' });
    expect(readEnv({ PORT: '9000' }).PUBLIC_URL).toBe('http://localhost:9000');
    const env = readEnv({
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Jigboard <noreply@example.com>',
      PUBLIC_URL: 'https://jigboard.example.com/',
    });
    expect(env).toMatchObject({
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Jigboard <noreply@example.com>',
      PUBLIC_URL: 'https://jigboard.example.com',
    });
    expect(() => readEnv({ SMTP_URL: 'mail.example.com', PUBLIC_URL: 'jigboard.example.com/app' })).toThrow(/SMTP_URL[\s\S]*PUBLIC_URL/);
  });

  it('reads the timeouts, and refuses a request timeout shorter than the headers one', () => {
    expect(readEnv({ REQUEST_TIMEOUT_MS: '3600000', HEADERS_TIMEOUT_MS: '5000' })).toMatchObject({
      REQUEST_TIMEOUT_MS: 3_600_000,
      HEADERS_TIMEOUT_MS: 5000,
    });
    expect(readEnv({ REQUEST_TIMEOUT_MS: '0' }).REQUEST_TIMEOUT_MS).toBe(0);
    expect(() => readEnv({ REQUEST_TIMEOUT_MS: '1000' })).toThrow(/REQUEST_TIMEOUT_MS: must be 0 \(none\) or at least/);
  });

  it('names the variables that are wrong', () => {
    expect(() => readEnv({ PORT: 'eighty', TOKEN_TTL_HOURS: '-1' })).toThrow(/PORT[\s\S]*TOKEN_TTL_HOURS/);
  });
});

describe("docs/operations.md's configuration table", () => {
  it('lists every variable the server reads', () => {
    const readme = readFileSync(path.resolve('docs/operations.md'), 'utf8') // tests run from the repository root;
    const table = readme.split('## Configuration')[1]?.split('\n## ')[0] ?? '';
    const listed = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect(SERVER_VARIABLES.filter((name) => !listed.has(name))).toEqual([]);
  });
});
