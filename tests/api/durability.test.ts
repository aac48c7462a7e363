import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { openPipelinedTransactions } from '../../server/db/open';
import type { DB } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A jig stops retrying a report once it is acknowledged, and the answer comes after the commit
 * (docs/performance.md "Storing jig reports"): so every commit is on disk when it is answered, and an
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
    const { rows: sync } = await sql<{ synchronous: number }>`pragma synchronous`.execute(t.db);
    expect(sync[0].synchronous).toBe(2); // 0 off, 1 normal, 2 full, 3 extra
    const { rows: journal } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(t.db);
    expect(journal[0].journal_mode).toBe('wal');
  });

  it('PostgreSQL commits synchronously on the connections requests and report groups use', async () => {
    if (dialectOf(t.db) !== 'postgres') return;
    const setting = async (db: Kysely<DB>) => (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0].synchronous_commit;
    expect(await setting(t.db)).toBe('on');
    const pipelined = openPipelinedTransactions(t.db, 1)!;
    try {
      expect(await pipelined.run((trx) => setting(trx))).toBe('on');
    } finally {
      await pipelined.destroy();
    }
  });
});
