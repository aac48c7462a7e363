import { sql, type Expression, type Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect';
import { ID_COLUMN, idsJson, jsonRecordset } from '../../db/prepared';
import type { DB } from '../../db/schema';

/**
 * What orders a release against the reports and corrections of its project's boards on
 * PostgreSQL, without locking the boards. A release takes the project's lock alone, before it
 * checks that every board of the batch is passed; writers of a board's status share it, so the
 * release waits for those already writing (and then sees what they wrote), and those arriving
 * meanwhile wait for the release (and then find the boards released). Locking 250,000 boards
 * instead would write each of their rows. SQLite runs one writer at a time and needs none.
 *
 * Ingestion shares it inside the statement that reads its boards (report-lookups.ts), which
 * saves a round trip per group: if that statement had to wait for a release, what it read was
 * read before the release, and the catch-up mends it (release-catch-up.ts).
 */
const RELEASES = 0x5e1ea5e;

/** The shared lock on each of these projects (`idsJson`), as a statement to run or to put in a larger one. */
export const shareReleaseLocksSql = (db: Kysely<DB>, projectIds: Expression<unknown>) =>
  sql<{ locked: unknown }>`select pg_advisory_xact_lock_shared(${sql.lit(RELEASES)}, v.id) as locked from ${jsonRecordset(db, ID_COLUMN, projectIds)}`;

/** Shares the projects' release locks until the transaction ends (a correction's first step). */
export async function shareReleaseLocks(trx: Kysely<DB>, projectIds: number[]): Promise<void> {
  if (dialectOf(trx) !== 'postgres' || projectIds.length === 0) return;
  await shareReleaseLocksSql(trx, sql.val(idsJson([...new Set(projectIds)]))).execute(trx);
}

/** The project's release lock, alone, until the transaction ends (a release's first step). */
export async function holdReleaseLock(trx: Kysely<DB>, projectId: number): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${sql.lit(RELEASES)}, ${projectId})`.execute(trx);
}
