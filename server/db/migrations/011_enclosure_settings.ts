import { sql, type Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * A company's settings of the jigs it uses (DOMAIN.md "enclosure setting"): its own
 * name for the jig, where it stands, which project it tests. One row per (enclosure, company),
 * made whenever an enclosure gets a company (server/store/enclosures.ts) and kept when the jig
 * moves on, so it finds its settings again if it comes back; the unique index lets two requests
 * that assign the same company at once make one row between them.
 *
 * Every enclosure that has a company now gets its row here, named as the jig is registered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('enclosure_settings'))
    .addColumn('enclosure_id', 'integer', (col) => col.notNull().references('enclosures.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull().defaultTo(''))
    // A project of the same company (checked by the service); a deleted project leaves none.
    .addColumn('project_id', 'integer', (col) => col.references('projects.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('enclosure_settings_enclosure_company', ['enclosure_id', 'company_id'])
    .execute();
  // The company's list: its rows in name order (the default sort), and the project's jigs.
  await db.schema.createIndex('enclosure_settings_company_name').on('enclosure_settings').columns(['company_id', 'name', 'id']).execute();
  await db.schema.createIndex('enclosure_settings_project').on('enclosure_settings').column('project_id').execute();

  const now = new Date().toISOString();
  await sql`
    insert into enclosure_settings (enclosure_id, company_id, name, location, project_id, created_at, updated_at)
    select id, company_id, name, '', null, ${now}, ${now} from enclosures where company_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('enclosure_settings').execute();
}
