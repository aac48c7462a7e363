import { sql, type Kysely, type SelectQueryBuilder, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { ReleaseBatchUpdateDevicesInput } from '../../../contract/release-batches';
import { dialectOf, toCount } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { filterDevices, type DeviceFilters } from '../../store/devices';
import { releasedAlready } from '../../store/release-batches';
import { addToBatchCounters, changeOfMany, type BatchCounts } from './counters';

/**
 * `PATCH /releasebatches/{id}/update`: remove, add, add_matching, then release, in one
 * transaction, so a refused release leaves the picks of the same request undone too.
 *
 * Lock order on PostgreSQL, the same for every writer so none waits in a circle:
 *   release batch row → devices in id order → production batches by ascending id (counters.ts).
 * Ingestion and corrections take devices before batches too and never touch release batches;
 * two requests on one release batch queue on its row. SQLite runs one writer at a time.
 */

export type ReleaseUpdateCounts = { added: number; skipped: number; removed: number; released: number };

type Scope = { batchId: number; project: { id: number; company_id: number }; callerId: number };
type Trx = Kysely<DB>;
type Boards = SelectQueryBuilder<DB, 'devices', { id: number }>;

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

    if (input.remove?.length) counts.removed = await unclaim(trx, scope.batchId, distinct(input.remove), now);
    const pool: DeviceFilters = { project_id: scope.project.id, status: 'passed', release_batch_id: null };
    if (input.add?.length) {
      const ids = distinct(input.add);
      const added = await claim(trx, scope.batchId, filterDevices(trx, boards(trx), pool).where('devices.id', 'in', ids), now);
      counts.added += added;
      counts.skipped = ids.length - added;
    }
    if (input.add_matching) {
      const { search, production_batch_id } = input.add_matching;
      const matching = filterDevices(trx, boards(trx), { ...pool, search: search || undefined, production_batch_id });
      counts.added += await claim(trx, scope.batchId, matching, now);
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

const boards = (trx: Trx): Boards => trx.selectFrom('devices').select('devices.id');

/**
 * Writes `set` to the boards `candidates` selects that still meet `still`. On PostgreSQL the
 * candidates are first locked in id order, in a materialized CTE so they are read (and locked)
 * once; a row another request changed meanwhile is re-checked once its lock is free, so a board
 * someone else claimed first simply drops out. The update joins the CTE (`from`, not `in`): an
 * `in` is planned as a hash of the ids, which visits the rows in random order and made a
 * 250,000-board pick about 2.5 times slower on PostgreSQL than walking them in id order.
 */
async function writeBoards(
  trx: Trx,
  candidates: Boards,
  set: { release_batch_id: number | null; updated_at: string },
  still: (q: UpdateQueryBuilder<DB, 'devices', 'devices', UpdateResult>) => UpdateQueryBuilder<DB, 'devices', 'devices', UpdateResult>,
): Promise<number> {
  const locked = dialectOf(trx) === 'postgres' ? candidates.orderBy('devices.id').forUpdate() : candidates;
  const result = await trx
    .with((cte) => cte('picked').materialized(), () => locked)
    .updateTable('devices')
    .set(set)
    .from('picked')
    .whereRef('devices.id', '=', 'picked.id')
    .$call(still)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Claims the boards `candidates` selects for the batch. The update repeats the pool's
 * conditions, so a board is claimed only while it is passed and in no release batch: of two
 * concurrent pickers exactly one gets it.
 */
function claim(trx: Trx, batchId: number, candidates: Boards, now: string): Promise<number> {
  return writeBoards(trx, candidates, { release_batch_id: batchId, updated_at: now }, (q) =>
    q.where('devices.status', '=', 'passed').where('devices.release_batch_id', 'is', null),
  );
}

/** Puts boards of the batch back into the pool; ids of other boards are ignored. */
function unclaim(trx: Trx, batchId: number, ids: number[], now: string): Promise<number> {
  const ours = boards(trx).where('devices.release_batch_id', '=', batchId).where('devices.id', 'in', ids);
  return writeBoards(trx, ours, { release_batch_id: null, updated_at: now }, (q) =>
    q.where('devices.release_batch_id', '=', batchId),
  );
}

/**
 * Puts every board of a draft back into the pool (deleting the draft), in the same lock order
 * as a pick. Only `release_batch_id` moves: status, reports and batch stay, so the production
 * batches' counters are what they were.
 */
export function freeBoards(trx: Trx, batchId: number): Promise<number> {
  const ours = boards(trx).where('devices.release_batch_id', '=', batchId);
  return writeBoards(trx, ours, { release_batch_id: null, updated_at: new Date().toISOString() }, (q) =>
    q.where('devices.release_batch_id', '=', batchId),
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Releases the batch: all its boards or none. Every board is locked first (a report arriving
 * for one of them waits, and then finds it released), then checked: a batch holding a board that
 * is not passed any more (a later report failed it, or it was scrapped) is refused with 409.
 * The check reads the boards once, per production batch, which is also what the counters need.
 */
async function release(trx: Trx, scope: Scope, now: string): Promise<number> {
  const ours = trx
    .selectFrom('devices')
    .where('devices.release_batch_id', '=', scope.batchId)
    .select(['devices.id', 'devices.status', 'devices.production_batch_id']);
  const locked = dialectOf(trx) === 'postgres' ? ours.orderBy('devices.id').forUpdate() : ours;
  const perBatch = await trx
    .selectFrom(locked.as('boards'))
    .groupBy('boards.production_batch_id')
    .select((eb) => [
      'boards.production_batch_id',
      eb.fn.countAll().as('boards'),
      sql<string | number | null>`sum(case when boards.status = 'passed' then 0 else 1 end)`.as('not_passed'),
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
  const flipped = await trx
    .updateTable('release_batches')
    .set({ status: 'released', released_at: now, released_by: scope.callerId, updated_at: now })
    .where('id', '=', scope.batchId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  if (Number(flipped.numUpdatedRows) === 0) throw releasedAlready();

  await trx
    .updateTable('devices')
    .set({ status: 'released', updated_at: now })
    .where('release_batch_id', '=', scope.batchId)
    .execute();
  const deltas = new Map(perBatch.map((g) => [g.production_batch_id, passedToReleased(scope.project.id, g)]));
  await addToBatchCounters(trx, deltas);
  return total;
}

/**
 * The counter changes of `boards` boards of one production batch going passed → released. Only
 * the status moves, so the report-derived fields (tested, first pass, reports) are the same
 * before and after and cancel out; nothing moves between batches or days.
 */
function passedToReleased(projectId: number, group: { production_batch_id: number; boards: unknown }): BatchCounts {
  const before = { project_id: projectId, production_batch_id: group.production_batch_id, status: 'passed', report_count: 0, first_pass: null, pass_attempt: null };
  return changeOfMany({ before, after: { ...before, status: 'released' } }, toCount(group.boards as string | number));
}
