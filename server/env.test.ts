import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

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

  it('turns a hop count into a trust function', () => {
    const trust = readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY as (a: string, hop: number) => boolean;
    expect([trust('1.2.3.4', 0), trust('1.2.3.4', 1), trust('1.2.3.4', 2)]).toEqual([true, true, false]);
  });

  it('names the variables that are wrong', () => {
    expect(() => readEnv({ PORT: 'eighty', TOKEN_TTL_HOURS: '-1' })).toThrow(/PORT[\s\S]*TOKEN_TTL_HOURS/);
  });
});
