import { sql, type Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * A project's hardware (DOMAIN.md "hardware").
 *
 * - cassette_configurations: one per project, what its cassette must hold: `module_slots` and
 *   `cartridge_bays` to draw, a name and notes. Which module type sits in which slot and which
 *   cartridge type in which bay stay the project's selected_modules / selected_cartridges rows
 *   (the ones the request chose), so nothing is stored twice.
 * - test_resources: a named resource of the project on one connector pin of one selected
 *   cartridge (one pin serves one resource), copied from the request's mapped pad groups when the
 *   project is created, and added by hand after.
 * - project_cassettes: the company's physical cassettes the project runs on.
 *
 * Existing projects get their configuration here; projects already made from a request get
 * their mapped pad groups as test resources.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('cassette_configurations'))
    .addColumn('project_id', 'integer', (col) => col.notNull().unique().references('projects.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('module_slots', 'integer', (col) => col.notNull())
    .addColumn('cartridge_bays', 'integer', (col) => col.notNull())
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('cassette_configurations_company').on('cassette_configurations').columns(['company_id', 'id']).execute();

  await addIdColumn(db, db.schema.createTable('test_resources'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('selected_cartridge_id', 'integer', (col) => col.notNull().references('selected_cartridges.id').onDelete('cascade'))
    .addColumn('connector_pin_id', 'integer', (col) => col.notNull().references('connector_pins.id').onDelete('cascade'))
    .addColumn('resource_type_id', 'integer', (col) => col.notNull().references('resource_types.id').onDelete('restrict'))
    .addColumn('selected_module_id', 'integer', (col) => col.references('selected_modules.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('test_pad_group_id', 'integer', (col) => col.references('test_pad_groups.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('test_resources_pin', ['selected_cartridge_id', 'connector_pin_id'])
    .execute();
  await db.schema.createIndex('test_resources_project').on('test_resources').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('test_resources_connector_pin').on('test_resources').column('connector_pin_id').execute();
  await db.schema.createIndex('test_resources_resource_type').on('test_resources').column('resource_type_id').execute();
  await db.schema.createIndex('test_resources_module').on('test_resources').column('selected_module_id').execute();
  await db.schema.createIndex('test_resources_group').on('test_resources').column('test_pad_group_id').execute();

  await addIdColumn(db, db.schema.createTable('project_cassettes'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('cassette_id', 'integer', (col) => col.notNull().references('cassettes.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('project_cassettes_pair', ['project_id', 'cassette_id'])
    .execute();
  await db.schema.createIndex('project_cassettes_cassette').on('project_cassettes').column('cassette_id').execute();

  const now = new Date().toISOString();
  // At least the request screens' default cassette (4 slots, 2 bays), more when a selection uses more.
  await sql`
    insert into cassette_configurations (project_id, company_id, name, module_slots, cartridge_bays, notes, created_at, updated_at)
    select p.id, p.company_id, 'Cassette configuration',
      coalesce((select case when max(m.slot) > 4 then max(m.slot) else 4 end from selected_modules m where m.project_id = p.id), 4),
      coalesce((select case when max(c.bay) > 2 then max(c.bay) else 2 end from selected_cartridges c where c.project_id = p.id), 2),
      '', ${now}, ${now}
    from projects p`.execute(db);
  await sql`
    insert into test_resources (project_id, selected_cartridge_id, connector_pin_id, resource_type_id, selected_module_id, name, test_pad_group_id, created_at)
    select sc.project_id, g.selected_cartridge_id, g.connector_pin_id, g.resource_type_id, g.selected_module_id, g.name, g.id, ${now}
    from test_pad_groups g
    join selected_cartridges sc on sc.id = g.selected_cartridge_id
    where sc.project_id is not null and g.connector_pin_id is not null`.execute(db);
}
