import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * Project requests and their processing (DOMAIN.md "Request processing").
 *
 * - project_requests: what a customer asked for, its status and the furthest step a superadmin
 *   confirmed (`confirmed_step`); which step it stands at is derived from this and the rows below
 *   (contract/requests.ts `requestStep`), so reopening lands where the data says.
 * - request_files: the documents sent with it (bytes in the file store).
 * - test_pads: x, y, diameter in mm; `group_id` is the one group a pad is in, so a pad can never
 *   be in two groups, whatever two superadmins do at once.
 * - selected_modules / selected_cartridges: module types in the cassette's slots and cartridge
 *   types in its bays, for the request and, once created, its project.
 * - test_pad_groups: a resource type, and the connector pin of a selected cartridge (and the
 *   selected module driving it) it is mapped to; one pin serves one group.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('project_requests'))
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('projectname', 'text', (col) => col.notNull())
    .addColumn('projectdescription', 'text', (col) => col.notNull().defaultTo(''))
    // submitted | in_review | in_progress | completed | rejected
    .addColumn('status', 'text', (col) => col.notNull())
    // The furthest step a superadmin confirmed finished (a REQUEST_STEPS id), null before any.
    .addColumn('confirmed_step', 'text')
    .addColumn('rejected_reason', 'text')
    // Design-for-test errors of its pogo board, recomputed with every pad change under the
    // request's lock (server/store/request-lock.ts), so the list shows every request's step cheaply.
    .addColumn('pogo_errors', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('project_id', 'integer', (col) => col.references('projects.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('project_requests_status').on('project_requests').columns(['status', 'id']).execute();
  await db.schema.createIndex('project_requests_company').on('project_requests').columns(['company_id', 'id']).execute();
  await db.schema.createIndex('project_requests_created').on('project_requests').columns(['created_at', 'id']).execute();

  await addIdColumn(db, db.schema.createTable('request_files'))
    .addColumn('request_id', 'integer', (col) => col.notNull().references('project_requests.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (col) => col.notNull().unique().references('files.id').onDelete('restrict'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('request_files_request').on('request_files').columns(['request_id', 'id']).execute();

  await addIdColumn(db, db.schema.createTable('selected_modules'))
    .addColumn('request_id', 'integer', (col) => col.references('project_requests.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (col) => col.references('projects.id').onDelete('cascade'))
    .addColumn('cassette_module_type_id', 'integer', (col) => col.notNull().references('cassette_module_types.id').onDelete('restrict'))
    .addColumn('slot', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('selected_modules_request_slot', ['request_id', 'slot'])
    .execute();
  await db.schema.createIndex('selected_modules_project').on('selected_modules').column('project_id').execute();
  await db.schema.createIndex('selected_modules_type').on('selected_modules').column('cassette_module_type_id').execute();

  await addIdColumn(db, db.schema.createTable('selected_cartridges'))
    .addColumn('request_id', 'integer', (col) => col.references('project_requests.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (col) => col.references('projects.id').onDelete('cascade'))
    .addColumn('cartridge_type_id', 'integer', (col) => col.notNull().references('cartridge_types.id').onDelete('restrict'))
    .addColumn('bay', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('selected_cartridges_request_bay', ['request_id', 'bay'])
    .execute();
  await db.schema.createIndex('selected_cartridges_project').on('selected_cartridges').column('project_id').execute();
  await db.schema.createIndex('selected_cartridges_type').on('selected_cartridges').column('cartridge_type_id').execute();

  await addIdColumn(db, db.schema.createTable('test_pad_groups'))
    .addColumn('request_id', 'integer', (col) => col.notNull().references('project_requests.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('resource_type_id', 'integer', (col) => col.notNull().references('resource_types.id').onDelete('restrict'))
    .addColumn('selected_cartridge_id', 'integer', (col) => col.references('selected_cartridges.id').onDelete('set null'))
    .addColumn('connector_pin_id', 'integer', (col) => col.references('connector_pins.id').onDelete('set null'))
    .addColumn('selected_module_id', 'integer', (col) => col.references('selected_modules.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('test_pad_groups_request_name', ['request_id', 'name'])
    // One connector pin of one selected cartridge carries one group's signal.
    .addUniqueConstraint('test_pad_groups_pin', ['selected_cartridge_id', 'connector_pin_id'])
    .execute();
  await db.schema.createIndex('test_pad_groups_request').on('test_pad_groups').columns(['request_id', 'id']).execute();
  await db.schema.createIndex('test_pad_groups_resource_type').on('test_pad_groups').column('resource_type_id').execute();
  await db.schema.createIndex('test_pad_groups_module').on('test_pad_groups').column('selected_module_id').execute();
  await db.schema.createIndex('test_pad_groups_connector_pin').on('test_pad_groups').column('connector_pin_id').execute();

  await addIdColumn(db, db.schema.createTable('test_pads'))
    .addColumn('request_id', 'integer', (col) => col.notNull().references('project_requests.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('net', 'text')
    .addColumn('x', 'double precision', (col) => col.notNull())
    .addColumn('y', 'double precision', (col) => col.notNull())
    .addColumn('side', 'text', (col) => col.notNull()) // top | bottom
    .addColumn('diameter', 'double precision')
    .addColumn('kind', 'text', (col) => col.notNull()) // pad | via | through_hole | tooling
    .addColumn('group_id', 'integer', (col) => col.references('test_pad_groups.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('test_pads_request_name', ['request_id', 'name'])
    .execute();
  await db.schema.createIndex('test_pads_request').on('test_pads').columns(['request_id', 'id']).execute();
  await db.schema.createIndex('test_pads_group').on('test_pads').column('group_id').execute();
  await db.schema.createIndex('projects_request').on('projects').column('request_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('projects_request').execute();
  for (const table of ['test_pads', 'test_pad_groups', 'selected_cartridges', 'selected_modules', 'request_files', 'project_requests']) {
    await db.schema.dropTable(table).execute();
  }
}
