import { sql, type Kysely } from 'kysely';
import { dialectOf } from './dialect';

/**
 * Runs `write`, the start of a SQLite transaction that writes a bounded amount (a group of jig
 * reports), with its statement journals kept in memory; elsewhere it just runs `write`.
 *
 * Why: a SQLite statement that may change several rows and may fail halfway (any statement
 * calling a function, so every write that reads its rows out of a JSON parameter) keeps a
 * statement journal inside a transaction: a copy of each page it changes, to undo that statement
 * alone. Past 64 KiB SQLite moves the journal to a temporary file, which costs an open, an
 * unlink, the writes and a close for each such statement, all kernel time in the one thread that
 * serves every request.
 *
 * How: SQLite decides where a transaction's statement journals go when its write transaction
 * begins (its first write), from `temp_store`. Setting it to memory before the first write and
 * back to the default when `write` ends keeps memory journals to this transaction, whose size
 * its caller bounds, while large one-off statements (a release of 250,000 boards, a project's
 * delete) still spill to disk instead of holding every page they change in memory. It must be
 * called inside a transaction, before its first write: a connection has no temporary tables, so
 * changing the setting there is allowed and drops nothing.
 */
export async function withStatementJournalsInMemory<T>(trx: Kysely<any>, write: () => Promise<T>): Promise<T> {
  if (dialectOf(trx) !== 'sqlite') return write();
  await sql`pragma temp_store = memory`.execute(trx);
  try {
    return await write();
  } finally {
    await sql`pragma temp_store = default`.execute(trx);
  }
}
