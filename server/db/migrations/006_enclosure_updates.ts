import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * Enclosure updates: firmware a superadmin ships to the jigs. The bytes and their
 * name, size, type and sha256 live in the file store (`files`); the update row points at its
 * file. `restrict`, not `cascade`: the file goes only through the update's delete, which
 * removes the row first and then the file (the folder store's bytes are no row to cascade to).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('enclosure_updates'))
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('patch_notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('file_id', 'text', (col) => col.notNull().unique().references('files.id').onDelete('restrict'))
    // Who uploaded it; kept when that account goes (the update stays valid).
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The list's default order (newest first) and the jig's "newest update" lookup.
  await db.schema.createIndex('enclosure_updates_created_at').on('enclosure_updates').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('enclosure_updates').execute();
}
