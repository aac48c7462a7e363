import { sql, type Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * Test profiles: what a jig runs on a project's boards, versioned.
 *
 * - test_profiles: name + version per project, status draft → active → archived. At most one
 *   active per project: the activation call serializes on the project's row, and a partial unique
 *   index is the backstop should anything else ever write the status.
 * - test_configurations: the profile's ordered steps (a catalogue test function, its parameters,
 *   low and high limits, unit); test_variables: typed values; test_files: the profile's files.
 *   A test file row points at a `files` row; a new version copies the rows, not the bytes, so one
 *   file may be referred to by several profiles and its bytes go with the last row (not unique).
 * - device_reports.test_profile_id: the version a report ran, set at ingestion from the report's
 *   profile name and version (back-filled here, and when a profile of that name and version is
 *   created later), so statistics per version read an index, not text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('test_profiles'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('draft'))
    .addColumn('copied_from_id', 'integer', (col) => col.references('test_profiles.id').onDelete('set null'))
    .addColumn('activated_at', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('test_profiles_project_name_version', ['project_id', 'name', 'version'])
    .execute();
  await db.schema
    .createIndex('test_profiles_one_active')
    .on('test_profiles')
    .column('project_id')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();

  await addIdColumn(db, db.schema.createTable('test_configurations'))
    .addColumn('test_profile_id', 'integer', (col) => col.notNull().references('test_profiles.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('test_function_id', 'integer', (col) => col.references('test_functions.id').onDelete('restrict'))
    // JSON: [{ name, value }]
    .addColumn('parameters', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('low', 'double precision')
    .addColumn('high', 'double precision')
    .addColumn('unit', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('test_configurations_profile').on('test_configurations').columns(['test_profile_id', 'position']).execute();
  await db.schema.createIndex('test_configurations_function').on('test_configurations').column('test_function_id').execute();

  await addIdColumn(db, db.schema.createTable('test_files'))
    .addColumn('test_profile_id', 'integer', (col) => col.notNull().references('test_profiles.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (col) => col.notNull().references('files.id').onDelete('restrict'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('test_files_profile').on('test_files').column('test_profile_id').execute();
  await db.schema.createIndex('test_files_file').on('test_files').column('file_id').execute();

  await addIdColumn(db, db.schema.createTable('test_variables'))
    .addColumn('test_profile_id', 'integer', (col) => col.notNull().references('test_profiles.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    // JSON: the choices of an enum, [] otherwise
    .addColumn('choices', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('test_variables_profile_name', ['test_profile_id', 'name'])
    .execute();

  await db.schema
    .alterTable('device_reports')
    .addColumn('test_profile_id', 'integer', (col) => col.references('test_profiles.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('device_reports_test_profile').on('device_reports').columns(['test_profile_id', 'finished_at']).execute();
  await sql`
    update device_reports set test_profile_id = (
      select p.id from test_profiles p
      where p.project_id = device_reports.project_id and p.name = device_reports.test_profile
        and p.version = device_reports.test_profile_version)
    where test_profile is not null and test_profile_version is not null`.execute(db);
}
