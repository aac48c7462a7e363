import { sql, type Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * Companies, users, roles and logins. The lookup rows (company types, roles) are part of the
 * schema: code refers to them by slug, so they must exist wherever the tables do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('company_types'))
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .execute();
  await db
    .insertInto('company_types')
    .values([
      { slug: 'customer', name: 'Customer' },
      { slug: 'manufacturer', name: 'Manufacturer' },
      { slug: 'operator', name: 'Operator' },
    ])
    .execute();

  await addIdColumn(db, db.schema.createTable('companies'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type_id', 'integer', (col) => col.notNull().references('company_types.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // One index serves the case-insensitive uniqueness, the lookup and the sort by name.
  await db.schema.createIndex('companies_name_lower_unique').on('companies').unique()
    .expression(sql`lower(name)`).execute();
  await db.schema.createIndex('companies_type_id').on('companies').column('type_id').execute();
  await db.schema.createIndex('companies_created_at').on('companies').column('created_at').execute();

  await addIdColumn(db, db.schema.createTable('roles'))
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .execute();
  await db
    .insertInto('roles')
    .values([
      { slug: 'superadmin', name: 'Superadmin' },
      { slug: 'admin', name: 'Administrator' },
      { slug: 'engineer', name: 'Engineer' },
      { slug: 'operator', name: 'Operator' },
      { slug: 'viewer', name: 'Viewer' },
    ])
    .execute();

  await addIdColumn(db, db.schema.createTable('users'))
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // Usernames and emails are unique regardless of case; login looks them up the same way.
  await db.schema.createIndex('users_username_lower_unique').on('users').unique()
    .expression(sql`lower(username)`).execute();
  await db.schema.createIndex('users_email_lower_unique').on('users').unique()
    .expression(sql`lower(email)`).execute();
  await db.schema.createIndex('users_company_id').on('users').column('company_id').execute();
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_id').on('user_roles').column('role_id').execute();

  await addIdColumn(db, db.schema.createTable('auth_tokens'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_tokens_user_id').on('auth_tokens').column('user_id').execute();
  await db.schema.createIndex('auth_tokens_expires_at').on('auth_tokens').column('expires_at').execute();

  // In the database rather than in memory so every replica behind a load balancer counts alike.
  await addIdColumn(db, db.schema.createTable('login_failures'))
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_failures_username_created_at').on('login_failures')
    .columns(['username', 'created_at']).execute();
  await db.schema.createIndex('login_failures_ip_created_at').on('login_failures')
    .columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('login_failures_created_at').on('login_failures')
    .column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'login_failures',
    'auth_tokens',
    'user_roles',
    'users',
    'roles',
    'companies',
    'company_types',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
