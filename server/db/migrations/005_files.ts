import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * The file store (server/files/): one metadata row per uploaded file on both databases, and on
 * PostgreSQL a table of the bytes themselves, so stateless replicas share files without a
 * shared disk.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('files')
    // A random UUID rather than a counter: it is the file's name on disk, and unguessable.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    // Past 2 GiB is possible (limits are configurable); SQLite's integer is 64-bit already.
    .addColumn('size', pg ? 'bigint' : 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('backend', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  if (!pg) return;

  await db.schema
    .createTable('file_chunks')
    .addColumn('file_id', 'text', (col) => col.notNull().references('files.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('data', 'bytea', (col) => col.notNull())
    .addPrimaryKeyConstraint('file_chunks_pk', ['file_id', 'seq'])
    .execute();
  // Firmware and archives barely compress: skip TOAST's compression attempt on every chunk.
  await sql`alter table file_chunks alter column data set storage external`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('file_chunks').ifExists().execute();
  await db.schema.dropTable('files').execute();
}
