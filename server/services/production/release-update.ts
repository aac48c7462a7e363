import { sql, type Kysely } from 'kysely';
import type { ReleaseBatchUpdateDevicesInput } from '../../../contract/release-batches';
import { dialectOf, toCount } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { devicesWithPicks, filterDevices, type DeviceFilters } from '../../store/devices';
import { releasedAlready } from '../../store/release-batches';
import { addToBatchCounters, changeOfMany, type BatchCounts } from './counters';

/**
 * `PATCH /releasebatches/{id}/update`: remove, add, add_matching, then release, in one
 * transaction, so a refused release leaves the picks of the same request undone too.
 *
 * Lock order on PostgreSQL, the same for every writer so none waits in a circle:
 *   release batch row → picks or devices in id order → production batches by ascending id
 *   (counters.ts).
 * Ingestion and corrections take devices before batches too and never touch release batches;
 * two requests on one release batch queue on its row. SQLite runs one writer at a time.
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
  const rows = candidates.select(['devices.id', sql<number>`cast(${batchId} as integer)`.as('release_batch_id'), 'devices.serial_key']);
  const result = await trx
    .insertInto('release_batch_picks')
    .columns(['device_id', 'release_batch_id', 'serial_key'])
    .expression(dialectOf(trx) === 'postgres' ? rows.orderBy('devices.id') : rows)
    .onConflict((oc) => oc.column('device_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
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
 * Releases the batch: all its boards or none. The boards are checked and released by the one
 * update: it writes `released` onto those still passed and answers how many per production
 * batch (which is what the counters need), and fewer than the batch holds means some board is
 * not passed any more (a later report failed it, or it was scrapped): 409, and the transaction
 * takes everything back. On PostgreSQL the update locks each board as it reaches it, in id
 * order (like every writer of boards); a report writing one of them meanwhile is waited for, and
 * the board is re-checked after it. The boards are not locked in a pass of their own first:
 * that pass cost as much as the update itself at 250,000 boards.
 */
async function release(trx: Trx, scope: Scope, now: string): Promise<number> {
  const flipped = await trx
    .updateTable('release_batches')
    .set({ status: 'released', released_at: now, released_by: scope.callerId, updated_at: now })
    .where('id', '=', scope.batchId)
    .where('status', '=', 'draft')
    .returning('device_count')
    .executeTakeFirst();
  if (!flipped) throw releasedAlready();
  if (flipped.device_count === 0) throw conflict('This release batch holds no boards: add some before releasing it.');

  const perBatch = await releaseBoards(trx, scope.batchId, now);
  const released = perBatch.reduce((n, g) => n + g.boards, 0);
  const notPassed = flipped.device_count - released;
  if (notPassed > 0) {
    throw conflict(
      `${plural(notPassed, 'board in this batch no longer qualifies', 'boards in this batch no longer qualify')} ` +
        '(not passed any more): remove them before releasing. Nothing was changed.',
    );
  }
  const deltas = new Map(perBatch.map((g) => [g.production_batch_id, passedToReleased(scope.project.id, g)]));
  await addToBatchCounters(trx, deltas);
  return released;
}

type Released = { production_batch_id: number; boards: number };

/**
 * Writes `released` onto the batch's boards that are passed; how many per production batch.
 * PostgreSQL does it in one statement (the update in a CTE, its rows counted); SQLite, one
 * writer at a time and without updates in a CTE, counts the passed boards and then updates.
 */
async function releaseBoards(trx: Trx, batchId: number, now: string): Promise<Released[]> {
  const count = (rows: { production_batch_id: number; boards: string | number | bigint }[]) =>
    rows.map((r) => ({ production_batch_id: r.production_batch_id, boards: toCount(r.boards as string | number) }));
  const picks = trx.selectFrom('release_batch_picks').where('release_batch_id', '=', batchId).select('device_id');
  if (dialectOf(trx) === 'postgres') {
    // The ids in order, materialized and joined with `from`: the update then walks the boards in
    // id order (an `in` is planned as a hash of the ids, which visits them in random order).
    const rows = await trx
      .with((cte) => cte('picked').materialized(), () => picks.orderBy('device_id'))
      .with('flipped', (db) =>
        db
          .updateTable('devices')
          .set({ status: 'released', updated_at: now })
          .from('picked')
          .whereRef('devices.id', '=', 'picked.device_id')
          .where('devices.status', '=', 'passed')
          .returning('devices.production_batch_id'),
      )
      .selectFrom('flipped')
      .groupBy('flipped.production_batch_id')
      .select((eb) => ['flipped.production_batch_id', eb.fn.countAll().as('boards')])
      .execute();
    return count(rows);
  }
  const passed = trx.selectFrom('devices').where('devices.id', 'in', picks).where('devices.status', '=', 'passed');
  const rows = await passed.groupBy('devices.production_batch_id').select((eb) => ['devices.production_batch_id', eb.fn.countAll().as('boards')]).execute();
  await trx.updateTable('devices').set({ status: 'released', updated_at: now }).where('id', 'in', picks).where('status', '=', 'passed').execute();
  return count(rows);
}

/**
 * The counter changes of `boards` boards of one production batch going passed → released. Only
 * the status moves, so the report-derived fields (tested, first pass, reports) are the same
 * before and after and cancel out; nothing moves between batches or days.
 */
function passedToReleased(projectId: number, group: Released): BatchCounts {
  const before = { project_id: projectId, production_batch_id: group.production_batch_id, status: 'passed', report_count: 0, first_pass: null, pass_attempt: null };
  return changeOfMany({ before, after: { ...before, status: 'released' } }, group.boards);
}
