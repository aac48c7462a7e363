import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * Which release batch holds a board moves off the devices table into a table of its own
 * (release_batch_picks). Picking 250,000 boards wrote `release_batch_id` onto each of their device rows,
 * and on PostgreSQL a row update writes a new version of the row and an entry into each of the
 * table's indexes: 16 s for the pick. A pick is now one narrow row per board in a table with
 * two indexes (3 s for the same pick); its primary key on the board is what keeps a board in
 * one batch at most, however many people pick at once.
 *
 * `serial_key` is the board's, copied so a shipment reads in serial order from this table's
 * own index (a correction of the serial updates both); the other orders join the devices.
 *
 * No foreign keys: PostgreSQL checks one with a query per inserted row, which took 8 of the
 * 13 s of picking 392,574 boards (EXPLAIN ANALYZE on the bench database: 4.8 s for the board's
 * key, 3.3 s for the batch's). The writers keep both true instead: a pick is inserted only
 * from a read of devices, in the transaction that holds its batch's row locked; a draft's
 * picks go in the transaction that deletes it; and boards are never deleted, except by the
 * bench's reseed, which deletes their picks first (seed/bulk.ts).
 *
 * The four release-batch indexes on devices go. PostgreSQL drops the column too; SQLite cannot
 * drop a column that is a foreign key without rebuilding the table (a million rows and the
 * serial search's triggers), so there it stays, null on every row and read by nothing
 * (schema.ts no longer lists it).
 */
const DEVICE_INDEXES = ['devices_release_batch_id', 'devices_release_batch_status', 'devices_release_batch_tested_at', 'devices_release_batch_serial'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('release_batch_picks')
    .addColumn('device_id', 'integer', (col) => col.primaryKey())
    .addColumn('release_batch_id', 'integer', (col) => col.notNull())
    .addColumn('serial_key', 'text', (col) => col.notNull())
    .execute();
  await db
    .insertInto('release_batch_picks')
    .columns(['device_id', 'release_batch_id', 'serial_key'])
    .expression(db.selectFrom('devices').where('release_batch_id', 'is not', null).select(['id', 'release_batch_id', 'serial_key']))
    .execute();
  // A batch's boards, in serial order (a shipment's list) and counted (`release_batch_id = ?`).
  await db.schema.createIndex('release_batch_picks_batch_serial').on('release_batch_picks')
    .columns(['release_batch_id', 'serial_key', 'device_id']).execute();

  for (const name of DEVICE_INDEXES) await db.schema.dropIndex(name).execute();
  if (dialectOf(db) === 'postgres') await db.schema.alterTable('devices').dropColumn('release_batch_id').execute();
  else await db.updateTable('devices').set({ release_batch_id: null }).where('release_batch_id', 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  if (pg) await db.schema.alterTable('devices').addColumn('release_batch_id', 'integer', (col) => col.references('release_batches.id')).execute();
  await db
    .updateTable('devices')
    .set({ release_batch_id: sql`(select release_batch_id from release_batch_picks where device_id = devices.id)` })
    .where('id', 'in', db.selectFrom('release_batch_picks').select('device_id'))
    .execute();
  const where = sql`where release_batch_id is not null`;
  await sql`create index devices_release_batch_id on devices (release_batch_id, id) ${where}`.execute(db);
  await sql`create index devices_release_batch_status on devices (release_batch_id, status) ${where}`.execute(db);
  await sql`create index devices_release_batch_tested_at on devices (release_batch_id, tested_at ${pg ? sql`nulls first` : sql``}, id) ${where}`.execute(db);
  await sql`create index devices_release_batch_serial on devices (release_batch_id, serial_key, id) ${where}`.execute(db);
  await db.schema.dropTable('release_batch_picks').execute();
}
