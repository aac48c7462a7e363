import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * A pick keeps its board's production batch, as it keeps its serial: a release
 * batch's review lists which production batches its boards come from, and counting that through
 * the devices table joined a device row to each of 250,000 picks (680 ms on PostgreSQL at the
 * bench's million boards); the picks alone answer it. Corrections that move a board to another
 * production batch update its pick too (services/production/corrections.ts). Not null on
 * PostgreSQL; SQLite cannot add a NOT NULL column without a default, and every writer fills it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('release_batch_picks').addColumn('production_batch_id', 'integer').execute();
  await db
    .updateTable('release_batch_picks')
    .set({ production_batch_id: sql`(select production_batch_id from devices where devices.id = release_batch_picks.device_id)` })
    .execute();
  if (dialectOf(db) === 'postgres') {
    await db.schema.alterTable('release_batch_picks').alterColumn('production_batch_id', (col) => col.setNotNull()).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('release_batch_picks').dropColumn('production_batch_id').execute();
}
