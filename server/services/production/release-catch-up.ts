import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { applyDeviceChanges, type DeviceChange } from './counters';

/**
 * Writes "released" onto the boards of released batches, after the release. A
 * release turns its batch "released" and moves the counters in one short transaction; from then
 * on every reader takes its boards as released (`effectiveStatus`), and this writes each board's
 * own status in chunks of CHUNK boards, one short transaction each, so that status filters,
 * the status order and the indexes behind them catch up. Where it has got to is kept on the
 * batch (`catch_up_from`), so a server stopped halfway goes on from there when it starts again.
 *
 * A report whose read of its boards had to wait for the release may have failed a board the
 * release had just counted as passed (release-lock.ts): its counters then moved passed → failed
 * on top of the release's passed → released. Such a board says "failed" (or whatever the report
 * made it) when its chunk comes; the chunk takes that change back, as failed → passed, before it
 * writes "released", so the counters end as a recount would give them.
 */
export const CATCH_UP_CHUNK = 2_000;
const RETRY_AFTER_MS = 1_000;

type Log = { error: (object: unknown, message: string) => void };

export class ReleaseCatchUp {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Apps on this database handle that started it: it stops when the last of them stops. */
  private starters = 0;
  private readonly chunkListeners = new Set<() => void>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: Log,
  ) {}

  /** Starts (again, after a stop): what earlier releases left is written first. */
  start(): void {
    this.starters += 1;
    this.stopped = false;
    this.kick();
  }

  /** Starts writing what is left (or, when already at it, looks again once done). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Called after each chunk's commit (the page cache forgets); returns the way to stop hearing. */
  onChunk(listener: () => void): () => void {
    this.chunkListeners.add(listener);
    return () => void this.chunkListeners.delete(listener);
  }

  /** Resolves once nothing is left to write (what tests and the bench wait for). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Stops after the chunk in hand, once every app that started it has stopped (two apps on one
   * handle, as the bench's: one closing must not stop the other's releases); a later start goes
   * on from the batch's `catch_up_from`.
   */
  async stop(): Promise<void> {
    this.starters = Math.max(0, this.starters - 1);
    if (this.starters > 0) return;
    this.stopped = true;
    await this.idle();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        const batch = await this.db
          .selectFrom('release_batches')
          .innerJoin('projects', 'projects.id', 'release_batches.project_id')
          .where('release_batches.catch_up_from', 'is not', null)
          .select(['release_batches.id', 'release_batches.catch_up_from', 'projects.company_id'])
          .orderBy('release_batches.id')
          .executeTakeFirst();
        if (!batch) return;
        await catchUpChunk(this.db, { id: batch.id, from: batch.catch_up_from ?? 0, companyId: batch.company_id });
        for (const listener of this.chunkListeners) listener();
      } catch (error) {
        // A lost connection or a deadlock victim: the chunk was rolled back whole; try again later.
        this.log.error({ err: error }, 'release catch-up: a chunk failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
      }
    }
  }
}

/**
 * One chunk: the batch's next boards after `from`, in id order, locked (PostgreSQL) like every
 * writer of boards takes them; a board a racing report changed is taken back to passed in the
 * counters; then "released" is written and the batch's position moves on. Past its last board
 * the batch is done (`catch_up_from` null).
 */
export async function catchUpChunk(db: Kysely<DB>, batch: { id: number; from: number; companyId: number }, size = CATCH_UP_CHUNK): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.transaction().execute(async (trx) => {
    const picks = await trx
      .selectFrom('release_batch_picks')
      .where('release_batch_id', '=', batch.id)
      .where('device_id', '>', batch.from)
      .select('device_id')
      .orderBy('device_id')
      .limit(size)
      .execute();
    if (picks.length === 0) {
      await trx.updateTable('release_batches').set({ catch_up_from: null }).where('id', '=', batch.id).execute();
      return;
    }
    const ids = picks.map((p) => p.device_id);
    const q = trx
      .selectFrom('devices')
      .where('id', 'in', ids)
      .where('status', '<>', 'released')
      .select(['id', 'project_id', 'production_batch_id', 'status', 'report_count', 'first_pass', 'pass_attempt']);
    const boards = await (pg ? q.orderBy('id').forUpdate() : q).execute();
    const raced: DeviceChange[] = boards
      .filter((board) => board.status !== 'passed')
      .map((board) => ({ before: board, after: { ...board, status: 'passed' } }));
    if (raced.length) await applyDeviceChanges(trx, batch.companyId, raced);
    if (boards.length) {
      await trx
        .updateTable('devices')
        .set({ status: 'released', updated_at: new Date().toISOString() })
        .where('id', 'in', boards.map((b) => b.id))
        .execute();
    }
    await trx.updateTable('release_batches').set({ catch_up_from: ids[ids.length - 1] }).where('id', '=', batch.id).execute();
  });
}

const workers = new WeakMap<Kysely<DB>, ReleaseCatchUp>();

/** The database's catch-up (one per database the server opened; `buildApp` starts and stops it). */
export function releaseCatchUp(db: Kysely<DB>, log: Log = console as unknown as Log): ReleaseCatchUp {
  let worker = workers.get(db);
  if (!worker) {
    worker = new ReleaseCatchUp(db, log);
    workers.set(db, worker);
  }
  return worker;
}
