import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FileStore } from '../files/file-store';
import { conflict, notFound } from '../http/errors';

/**
 * The one way a row is deleted (CONTRIBUTING.md "Deletes"). One transaction locks the row, asks
 * what still refers to it, and either refuses with a 409 whose message names those references
 * or deletes. Check and delete share the transaction and the row's lock (PostgreSQL; SQLite runs
 * one writer at a time), so nothing can start referring to the row between "nothing refers to
 * it" and the delete: a writer about to refer to it waits for the lock, then finds it gone.
 */
export type DeleteSteps<Row> = {
  /** Reads the row locked until the transaction ends (`lockedOnPostgres`); undefined once gone. */
  lock: (trx: Kysely<DB>) => Promise<Row | undefined>;
  /** Why the row must stay, as the 409's message (`stillHolds` writes the usual one), or null. */
  refusal?: (trx: Kysely<DB>, row: Row) => Promise<string | null> | string | null;
  /**
   * Deletes the row and what belongs to it alone (its statistics, its file rows). Gives back the
   * ids of files whose bytes go once the transaction has committed.
   */
  remove: (trx: Kysely<DB>, row: Row) => Promise<readonly string[] | void>;
};

/** Where a file that outlived its row is reported (the request's logger), for an operator to remove. */
export type CleanupLog = { error: (details: object, message: string) => void };

export const FILE_LEFT_BEHIND = 'The row is deleted but its file could not be removed.';

export async function deleteRow<Row>(
  deps: { db: Kysely<DB>; files?: FileStore; log?: CleanupLog },
  steps: DeleteSteps<Row>,
): Promise<void> {
  const fileIds = await deps.db.transaction().execute(async (trx) => {
    const row = await steps.lock(trx);
    // The scope read it a moment ago; another delete may have won since.
    if (!row) throw notFound();
    const refusal = await steps.refusal?.(trx, row);
    if (refusal) throw conflict(refusal);
    return (await steps.remove(trx, row)) ?? [];
  });
  if (fileIds.length && !deps.files) throw new Error('deleteRow: the row had files, but no file store was given.');
  // After the commit: a failure here leaves bytes nobody refers to, never a row without its file.
  // The delete has happened as asked, so it still answers 204; the file left behind is logged.
  for (const id of fileIds) {
    try {
      await deps.files!.delete(id);
    } catch (error) {
      if (!deps.log) throw error;
      deps.log.error({ err: error, file_id: id }, FILE_LEFT_BEHIND);
    }
  }
}

/** "Production batch “Lot 7”": how a 409 (and the app's confirmation) names the thing. */
export const named = (kind: string, name: string) => `${kind} “${name}”`;

/** "1 board", "240 boards". */
export const countOf = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export type Holding = { count: number; one: string; many: string };

/**
 * The usual refusal: `Production batch “PB-7” still holds 240 boards; move or correct them
 * first.` Null when every count is 0, so it can be a `refusal` step as it is. The remedy speaks
 * of "them"; where exactly one thing is held it says "it" ("still holds 1 board; move or correct
 * it first").
 */
export function stillHolds(thing: string, holdings: readonly Holding[], remedy: string): string | null {
  const kept = holdings.filter((h) => h.count > 0);
  if (!kept.length) return null;
  const held = kept.map((h) => countOf(h.count, h.one, h.many));
  const single = kept.length === 1 && kept[0]!.count === 1;
  return `${thing} still holds ${held.join(' and ')}; ${single ? remedy.replace(/\bthem\b/, 'it') : remedy}.`;
}
