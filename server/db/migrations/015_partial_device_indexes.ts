import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * The device indexes on columns most boards leave empty hold only the boards that have a value
 * (every report that makes a board writes an entry into each index of the devices
 * table). A board in production has no release batch until it is picked for one, and most boards
 * are on no panel: four release-batch indexes and the panel index held an entry per board of
 * the whole table, all of them null, which no query ever looks up (a release batch's list and
 * counts ask `release_batch_id = ?`, a panel `panel_id = ?`). As partial indexes
 * (`where … is not null`) a new board adds nothing to them, they are a fraction of the size, and
 * both databases still answer those queries from them: `x = ?` implies `x is not null`.
 *
 * docs/performance.md "Device indexes" lists every index of the table and what it serves
 * (tests/api/device-indexes.test.ts checks the list against the database).
 */
const PARTIAL: { name: string; columns: (pg: boolean) => ReturnType<typeof sql>; where: string }[] = [
  { name: 'devices_release_batch_id', columns: () => sql`release_batch_id, id`, where: 'release_batch_id' },
  { name: 'devices_release_batch_status', columns: () => sql`release_batch_id, status`, where: 'release_batch_id' },
  // Untested boards sort first ascending on both databases (SQLite's rule, told to PostgreSQL).
  { name: 'devices_release_batch_tested_at', columns: (pg) => (pg ? sql`release_batch_id, tested_at nulls first, id` : sql`release_batch_id, tested_at, id`), where: 'release_batch_id' },
  { name: 'devices_release_batch_serial', columns: () => sql`release_batch_id, serial_key, id`, where: 'release_batch_id' },
  { name: 'devices_panel', columns: () => sql`panel_id`, where: 'panel_id' },
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  for (const index of PARTIAL) {
    await db.schema.dropIndex(index.name).execute();
    await db.schema.createIndex(index.name).on('devices').expression(index.columns(pg))
      .where(sql.ref(index.where), 'is not', null).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  for (const index of PARTIAL) {
    await db.schema.dropIndex(index.name).execute();
    await db.schema.createIndex(index.name).on('devices').expression(index.columns(pg)).execute();
  }
}
