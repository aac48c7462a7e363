import { sql, type Kysely } from 'kysely';
import type { ReleaseBatchUpdateDevicesInput } from '../../../contract/release-batches';
import { dialectOf, toCount } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { devicesWithPicks, filterDevices, type DeviceFilters } from '../../store/devices';
import { releasedAlready } from '../../store/release-batches';
import { addToBatchCounters, changeOfMany, type BatchCounts } from './counters';
import { holdReleaseLock } from './release-lock';

/**
 * `PATCH /releasebatches/{id}/update`: remove, add, add_matching, then release, in one
 * transaction, so a refused release leaves the picks of the same request undone too.
 *
 * Lock order on PostgreSQL, the same for every writer so none waits in a circle:
 *   release batch row → the project's release lock (release-lock.ts) → production batches by
 *   ascending id (counters.ts).
 * Picks lock no board. Ingestion and corrections share the release lock and take boards before
 * production batches; the release catch-up takes boards, then production batches, then the
 * released batch's row. Two requests on one release batch queue on its row. SQLite runs one
 * writer at a time.
 */

export type ReleaseUpdateCounts = { added: number; skipped: number; removed: number; released: number };

type Scope = { batchId: number; project: { id: number; company_id: number }; callerId: number };
type Trx = Kysely<DB>;
type Candidates = ReturnType<typeof devicesWithPicks>;

const distinct = (ids: number[]) => [...new Set(ids)];

export async function updateReleaseDevices(
  db: Kysely<DB>,
  scope: Scope,
  input: ReleaseBatchUpdateDevicesInput,
): Promise<ReleaseUpdateCounts> {
  const pg = dialectOf(db) === 'postgres';
  return db.transaction().execute(async (trx) => {
    const q = trx.selectFrom('release_batches').where('id', '=', scope.batchId).select(['id', 'status']);
    const batch = await (pg ? q.forUpdate() : q).executeTakeFirst();
    if (!batch) throw notFound();
    if (batch.status !== 'draft') throw releasedAlready();
    const now = new Date().toISOString();
    const counts: ReleaseUpdateCounts = { added: 0, skipped: 0, removed: 0, released: 0 };

    if (input.remove?.length) counts.removed = await unclaim(trx, scope.batchId, distinct(input.remove));
    const pool: DeviceFilters = { project_id: scope.project.id, status: 'passed', release_batch_id: null };
    if (input.add?.length) {
      const ids = distinct(input.add);
      const added = await claim(trx, scope.batchId, filterDevices(trx, devicesWithPicks(trx), pool).where('devices.id', 'in', ids));
      counts.added += added;
      counts.skipped = ids.length - added;
    }
    if (input.add_matching) {
      const { search, production_batch_id } = input.add_matching;
      const matching = filterDevices(trx, devicesWithPicks(trx), { ...pool, search: search || undefined, production_batch_id });
      counts.added += await claim(trx, scope.batchId, matching);
    }
    if (counts.added || counts.removed) {
      await trx
        .updateTable('release_batches')
        .set({ device_count: sql`device_count + ${counts.added - counts.removed}`, updated_at: now })
        .where('id', '=', scope.batchId)
        .execute();
    }
    if (input.release) counts.released = await release(trx, scope, now);
    return counts;
  });
}

/**
 * Picks the boards `candidates` selects for the batch: one row each in release_batch_picks. The
 * picks' key is the board, so of two concurrent pickers exactly one gets a board (the other's
 * insert skips it once the first commits); on PostgreSQL the rows go in in id order, so two
 * pickers of overlapping boards queue on the first board they share instead of waiting on each
 * other in a circle. A board that a report fails just as it is picked shows among the draft's
 * boards that no longer qualify, and the release refuses it.
 */
async function claim(trx: Trx, batchId: number, candidates: Candidates): Promise<number> {
  const rows = candidates.select(['devices.id', sql<number>`cast(${batchId} as integer)`.as('release_batch_id'), 'devices.serial_key', 'devices.production_batch_id']);
  const result = await withoutSequentialScans(trx, () =>
    trx
      .insertInto('release_batch_picks')
      .columns(['device_id', 'release_batch_id', 'serial_key', 'production_batch_id'])
      .expression(dialectOf(trx) === 'postgres' ? rows.orderBy('devices.id') : rows)
      .onConflict((oc) => oc.column('device_id').doNothing())
      .executeTakeFirst(),
  );
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Runs a statement that inserts picks while it reads which boards have none, with PostgreSQL's
 * sequential scans off. When the picks table is empty as far as the planner knows (just created,
 * or vacuumed after a big draft was deleted), it plans that read as a scan of the picks table per
 * candidate board, and the scan grows with the statement's own inserts: a pick of 730,000 boards
 * ran for minutes. With only index scans the read is one walk of the picks' key beside the
 * boards', or a key lookup per board for a few. The setting is this transaction's, put back after.
 */
export async function withoutSequentialScans<T>(trx: Trx, statement: () => Promise<T>): Promise<T> {
  if (dialectOf(trx) !== 'postgres') return statement();
  await sql`set local enable_seqscan = off`.execute(trx);
  const result = await statement();
  await sql`set local enable_seqscan = on`.execute(trx);
  return result;
}

/** Picks added or removed at once beyond which PostgreSQL's statistics of the picks are renewed. */
export const RENEW_PICK_STATISTICS_AFTER = 10_000;

/**
 * Renews PostgreSQL's statistics of the picks after a request changed many of them, before it
 * answers: its planner otherwise goes on from what the table held at the last analyze for up to a
 * minute (autovacuum's round), and the screen that follows a "select all" asks about just those
 * picks. Taking a new 250,000-board draft for the 3,751 picks an empty table suggests, it probed
 * a board for each pick to find the few that stopped qualifying (1.0-1.2 s at the bench's
 * million boards) where starting from the project's 18,538 boards that are not passed takes a
 * tenth of that. Sampling the table costs about 100 ms; SQLite's planner keeps no such figures.
 * Called after the commit, by the request that changed the picks (services/release-batches.ts).
 */
export async function renewPickStatistics(db: Kysely<DB>, changed: number): Promise<void> {
  if (dialectOf(db) !== 'postgres' || changed < RENEW_PICK_STATISTICS_AFTER) return;
  // The change is committed by now: a failed analyze only leaves the next reads planned as
  // before (autovacuum renews the statistics soon enough), and must not answer the change as
  // failed, or the user would repeat what was done.
  await sql`analyze release_batch_picks`.execute(db).catch(() => undefined);
}

/** Puts boards of the batch back into the pool; ids of other boards are ignored. */
async function unclaim(trx: Trx, batchId: number, ids: number[]): Promise<number> {
  const result = await trx.deleteFrom('release_batch_picks').where('release_batch_id', '=', batchId).where('device_id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Puts every board of a draft back into the pool (deleting the draft). Only the picks go:
 * status, reports and batch stay, so the production batches' counters are what they were.
 */
export async function freeBoards(trx: Trx, batchId: number): Promise<number> {
  const result = await trx.deleteFrom('release_batch_picks').where('release_batch_id', '=', batchId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Releases the batch: all its boards or none, and once. The batch is what turns "released":
 * its boards read as released from the moment this commits (`effectiveStatus`), and the
 * counters move here; on PostgreSQL each board's own status is written afterwards, in the
 * background (release-catch-up.ts), because writing 250,000 device rows and their index entries
 * took 14 s there. The project's release lock (release-lock.ts) is taken first, so the check
 * that every board is passed sees every report written before it, and a report arriving later
 * finds the boards released. A batch holding a board that is not passed any more (a later
 * report failed it, or it was scrapped) is refused with 409. The check reads the boards once,
 * per production batch, which is also what the counters need.
 */
async function release(trx: Trx, scope: Scope, now: string): Promise<number> {
  await holdReleaseLock(trx, scope.project.id);
  const perBatch = await trx
    .selectFrom('release_batch_picks as picks')
    .innerJoin('devices', 'devices.id', 'picks.device_id')
    .where('picks.release_batch_id', '=', scope.batchId)
    .groupBy('devices.production_batch_id')
    .select((eb) => [
      'devices.production_batch_id',
      eb.fn.countAll().as('boards'),
      sql<string | number | null>`sum(case when devices.status = 'passed' then 0 else 1 end)`.as('not_passed'),
    ])
    .execute();
  const total = perBatch.reduce((n, g) => n + toCount(g.boards as string | number), 0);
  const notPassed = perBatch.reduce((n, g) => n + toCount(g.not_passed), 0);
  if (total === 0) throw conflict('This release batch holds no boards: add some before releasing it.');
  if (notPassed > 0) {
    throw conflict(
      `${plural(notPassed, 'board in this batch no longer qualifies', 'boards in this batch no longer qualify')} ` +
        '(not passed any more): remove them before releasing. Nothing was changed.',
    );
  }
  // SQLite writes the boards here (1.6 s for 250,000 on the last reference machine): its one
  // connection would otherwise be held by the catch-up's chunks one after the other, and every
  // request would wait behind them. PostgreSQL leaves them to the catch-up, on other connections.
  const inBackground = dialectOf(trx) === 'postgres';
  const flipped = await trx
    .updateTable('release_batches')
    .set({ status: 'released', released_at: now, released_by: scope.callerId, updated_at: now, catch_up_from: inBackground ? 0 : null })
    .where('id', '=', scope.batchId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  if (Number(flipped.numUpdatedRows) === 0) throw releasedAlready();
  if (!inBackground) {
    const picks = trx.selectFrom('release_batch_picks').where('release_batch_id', '=', scope.batchId).select('device_id');
    await trx.updateTable('devices').set({ status: 'released', updated_at: now }).where('id', 'in', picks).execute();
  }
  const deltas = new Map(perBatch.map((g) => [g.production_batch_id, passedToReleased(scope.project.id, g.production_batch_id, toCount(g.boards as string | number))]));
  await addToBatchCounters(trx, deltas);
  return total;
}

/**
 * The counter changes of `boards` boards of one production batch going passed → released. Only
 * the status moves, so the report-derived fields (tested, first pass, reports) are the same
 * before and after and cancel out; nothing moves between batches or days.
 */
function passedToReleased(projectId: number, productionBatchId: number, boards: number): BatchCounts {
  const before = { project_id: projectId, production_batch_id: productionBatchId, status: 'passed', report_count: 0, first_pass: null, pass_attempt: null };
  return changeOfMany({ before, after: { ...before, status: 'released' } }, boards);
}
