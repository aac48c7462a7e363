import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { openPipelinedTransactions } from '../../server/db/open';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A jig stops retrying a report once it is acknowledged, and the answer comes after the commit
 * (README "Storing jig reports"): so every commit is on disk when it is answered, and an
 * acknowledged report survives a power cut, on both databases.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('an acknowledged report survives a power cut', () => {
  it('SQLite syncs its write-ahead log at every commit (synchronous FULL, WAL)', async () => {
    if (dialectOf(t.db) !== 'sqlite') return;
    const pragma = async (name: 'synchronous' | 'journal_mode') => Object.values((await sql.raw(`pragma ${name}`).execute(t.db)).rows[0] as object)[0];
    await expect(pragma('synchronous')).resolves.toBe(2); // 0 off, 1 normal, 2 full, 3 extra
    await expect(pragma('journal_mode')).resolves.toBe('wal');
  });

  it('PostgreSQL commits synchronously on the connections requests and report groups use', async () => {
    if (dialectOf(t.db) !== 'postgres') return;
    const setting = async (db: typeof t.db) => (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0].synchronous_commit;
    expect(await setting(t.db)).toBe('on');
    const pipelined = openPipelinedTransactions(t.db, 1)!;
    try {
      expect(await pipelined.run((trx) => setting(trx))).toBe('on');
    } finally {
      await pipelined.destroy();
    }
  });
});
