import { sql } from 'kysely';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { openPipelinedReads } from '../../server/db/open';
import type { PipelinedReads } from '../../server/db/pipelined-reads';
import { openTestDatabase, type TestDatabase } from './helpers/test-app';

/**
 * GETs' single statements on a few connections every request shares (server/db/pipelined-reads.ts):
 * each statement gets its own answer, a turn's statements leave in one write per connection,
 * and what fails fails alone. On SQLite there are none: the app reads through its one handle.
 */
let t: TestDatabase;
let reads: PipelinedReads | undefined;

beforeAll(async () => {
  t = await openTestDatabase();
  reads = openPipelinedReads(t.db, 4);
});
afterAll(async () => {
  await reads?.destroy();
  await t?.dispose();
});

/** Statements of one turn, each asking for its own number back, with the backend that answered. */
const burst = (n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => sql<{ n: number; pid: number }>`select cast(${i} as integer) as n, pg_backend_pid() as pid`.execute(reads!.db)));

describe('pipelined reads', () => {
  it('exist on PostgreSQL only: SQLite runs its statements in this process', () => {
    expect(reads === undefined).toBe(dialectOf(t.db) === 'sqlite');
  });

  it("answer each statement its own rows, on at most four connections, a turn's statements in one write each", async () => {
    if (!reads) return expect(dialectOf(t.db)).toBe('sqlite');
    await burst(8); // the connections open
    // Every write to a socket passes through one of these two (Node's stream internals).
    const writev = vi.spyOn(Socket.prototype as unknown as { _writev: () => void }, '_writev');
    const write = vi.spyOn(Socket.prototype as unknown as { _write: () => void }, '_write');
    try {
      const answers = await burst(20);
      expect(answers.map((a) => a.rows[0].n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(new Set(answers.map((a) => a.rows[0].pid)).size).toBeLessThanOrEqual(4);
      // Twenty statements sent one write each would be twenty writes.
      expect(writev.mock.calls.length + write.mock.calls.length).toBeLessThanOrEqual(4);
    } finally {
      writev.mockRestore();
      write.mockRestore();
    }
  });

  it('refuses a transaction: its statements would be spread over shared connections', async () => {
    if (!reads) return expect(dialectOf(t.db)).toBe('sqlite');
    await expect(reads.db.transaction().execute(async (trx) => sql`select 1`.execute(trx))).rejects.toThrow(/single statements, not transactions/);
  });

  it('fails a failing statement alone: those sent beside it are answered', async () => {
    if (!reads) return expect(dialectOf(t.db)).toBe('sqlite');
    const [before, failed, after] = await Promise.allSettled([
      sql`select 1 as one`.execute(reads.db),
      sql`select 1 / 0 as never`.execute(reads.db),
      sql`select 2 as two`.execute(reads.db),
    ]);
    expect(before).toMatchObject({ status: 'fulfilled', value: { rows: [{ one: 1 }] } });
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/division by zero/) } });
    expect(after).toMatchObject({ status: 'fulfilled', value: { rows: [{ two: 2 }] } });
  });

  it('opens a new connection after one was lost, for the statements after it', async () => {
    if (!reads) return expect(dialectOf(t.db)).toBe('sqlite');
    const pids = [...new Set((await burst(8)).map((a) => a.rows[0].pid))];
    await sql`select pg_terminate_backend(pid) from unnest(cast(${`{${pids.join(',')}}`} as int[])) as pid`.execute(t.db);
    // Until each lane hears its connection end, a statement may still be sent on it and fail.
    await vi.waitFor(async () => {
      const answers = await burst(8);
      expect(answers.every((a) => !pids.includes(a.rows[0].pid))).toBe(true);
    });
    expect((await burst(4)).map((a) => a.rows[0].n)).toEqual([0, 1, 2, 3]);
  });
});
