import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { addIdColumn, dialectOf } from '../dialect';

/**
 * Release batches (shipments of passed boards) and invitations into projects, with the project
 * memberships that accepted invitations create for people of other companies.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const int0 = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);

  await addIdColumn(db, db.schema.createTable('release_batches'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('draft'))
    // Boards in the batch, kept in the transaction that adds, removes or releases them.
    .addColumn('device_count', 'integer', int0)
    .addColumn('released_at', 'text')
    .addColumn('released_by', 'integer', (col) => col.references('users.id'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('release_batches_project_name_unique').on('release_batches').unique()
    .expression(sql`project_id, lower(name)`).execute();
  await db.schema.createIndex('release_batches_project_created_at').on('release_batches')
    .columns(['project_id', 'created_at', 'id']).execute();

  // A release batch's boards in each sortable order; (release_batch_id, id) replaces 002's
  // single-column index and serves id order, and (release_batch_id, status) counts the boards of
  // a draft that stopped qualifying without reading the rows.
  await db.schema.dropIndex('devices_release_batch').execute();
  await db.schema.createIndex('devices_release_batch_id').on('devices').columns(['release_batch_id', 'id']).execute();
  await db.schema.createIndex('devices_release_batch_status').on('devices')
    .columns(['release_batch_id', 'status']).execute();
  const testedAt = pg ? sql`tested_at nulls first` : sql`tested_at`;
  await db.schema.createIndex('devices_release_batch_tested_at').on('devices')
    .expression(sql`release_batch_id, ${testedAt}, id`).execute();
  await db.schema.createIndex('devices_release_batch_serial').on('devices')
    .columns(['release_batch_id', 'serial_key', 'id']).execute();

  await addIdColumn(db, db.schema.createTable('invites'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('manufacturer_id', 'integer', (col) => col.references('manufacturers.id'))
    // 'pending' | 'accepted' | 'revoked'; 'expired' is read from expires_at, never stored.
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    // sha256 of the token, hex: the link's token is shown once and never stored.
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('invited_by', 'integer', (col) => col.references('users.id'))
    .addColumn('accepted_by', 'integer', (col) => col.references('users.id'))
    .addColumn('accepted_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('invites_project_created_at').on('invites')
    .columns(['project_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('invites_project_email').on('invites')
    .expression(sql`project_id, lower(email)`).execute();

  // People of another company (a manufacturer) who accepted an invite see that project.
  await db.schema
    .createTable('project_members')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('invite_id', 'integer', (col) => col.references('invites.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('project_members_pk', ['user_id', 'project_id'])
    .execute();
  await db.schema.createIndex('project_members_project').on('project_members').column('project_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('project_members').execute();
  await db.schema.dropTable('invites').execute();
  await db.schema.dropIndex('devices_release_batch_serial').execute();
  await db.schema.dropIndex('devices_release_batch_tested_at').execute();
  await db.schema.dropIndex('devices_release_batch_status').execute();
  await db.schema.dropIndex('devices_release_batch_id').execute();
  await db.schema.createIndex('devices_release_batch').on('devices').column('release_batch_id').execute();
  await db.schema.dropTable('release_batches').execute();
}
