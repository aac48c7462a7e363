import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { addIdColumn, dialectOf } from '../dialect';

/**
 * Projects and what jigs report into them: enclosures (minimal until the management issue),
 * manufacturers, production batches, devices, device reports, and the daily aggregates that
 * statistics read instead of scanning reports.
 *
 * Counters on projects and batches are maintained in the same transaction as the change that
 * moves them (ingestion, device corrections), so totals and first-pass yield are O(1) reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const int0 = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);

  await addIdColumn(db, db.schema.createTable('enclosures'))
    .addColumn('serial', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('company_id', 'integer', (col) => col.references('companies.id'))
    .addColumn('provisioning', 'text', (col) => col.notNull().defaultTo('unprovisioned'))
    // sha256 of the jig's signature (HMAC-SHA256 of serial with its secret), hex: the lookup key
    // for jig calls; neither the secret nor a usable signature is stored.
    .addColumn('signature_hash', 'text', (col) => col.notNull().unique())
    .addColumn('firmware_version', 'text')
    .addColumn('last_seen_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('enclosures_company_id').on('enclosures').column('company_id').execute();

  await addIdColumn(db, db.schema.createTable('projects'))
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('request_id', 'integer')
    .addColumn('device_count', 'integer', int0)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('projects_company_name_unique').on('projects').unique()
    .expression(sql`company_id, lower(name)`).execute();
  await db.schema.createIndex('projects_company_created_at').on('projects')
    .columns(['company_id', 'created_at']).execute();

  await addIdColumn(db, db.schema.createTable('manufacturers'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('contact_email', 'text')
    // The manufacturer's own company on the platform, once one of its people joins (invites).
    .addColumn('company_id', 'integer', (col) => col.references('companies.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('manufacturers_project_name_unique').on('manufacturers').unique()
    .expression(sql`project_id, lower(name)`).execute();

  await addIdColumn(db, db.schema.createTable('production_batches'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id'))
    .addColumn('manufacturer_id', 'integer', (col) => col.notNull().references('manufacturers.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('planned_quantity', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    // Devices by current status; tested = devices with at least one report.
    .addColumn('device_count', 'integer', int0)
    .addColumn('untested_count', 'integer', int0)
    .addColumn('passed_count', 'integer', int0)
    .addColumn('failed_count', 'integer', int0)
    .addColumn('released_count', 'integer', int0)
    .addColumn('scrapped_count', 'integer', int0)
    .addColumn('tested_count', 'integer', int0)
    .addColumn('first_pass_count', 'integer', int0)
    .addColumn('report_count', 'integer', int0)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('production_batches_project_name_unique').on('production_batches').unique()
    .expression(sql`project_id, lower(name)`).execute();
  await db.schema.createIndex('production_batches_project_created_at').on('production_batches')
    .columns(['project_id', 'created_at']).execute();

  await addIdColumn(db, db.schema.createTable('devices'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id'))
    .addColumn('production_batch_id', 'integer', (col) => col.notNull().references('production_batches.id'))
    .addColumn('release_batch_id', 'integer')
    .addColumn('serial', 'text', (col) => col.notNull())
    // lower(serial), byte-ordered on PostgreSQL too, so a prefix search is an index range scan
    // (serial_key >= 'ab' and serial_key < 'ac') on both databases.
    .addColumn('serial_key', 'text', (col) => (pg ? col.notNull().modifyEnd(sql`collate "C"`) : col.notNull()))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('untested'))
    .addColumn('first_pass', 'integer') // null until tested, then 1 or 0
    .addColumn('last_result', 'text')
    .addColumn('report_count', 'integer', int0)
    .addColumn('tested_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // Every sortable field of the devices table, within a project, with id as the tie-breaker,
  // so a sorted page is an index walk whatever the size of the project.
  await db.schema.createIndex('devices_project_serial_unique').on('devices').unique()
    .columns(['project_id', 'serial_key']).execute();
  await db.schema.createIndex('devices_project_id').on('devices').columns(['project_id', 'id']).execute();
  // Untested devices (null tested_at) sort first ascending on both databases: SQLite's own rule,
  // which PostgreSQL is told in queries and here, so its indexes serve those orders too.
  const testedAt = pg ? sql`tested_at nulls first` : sql`tested_at`;
  await db.schema.createIndex('devices_project_tested_at').on('devices')
    .expression(sql`project_id, ${testedAt}, id`).execute();
  await db.schema.createIndex('devices_project_created_at').on('devices')
    .columns(['project_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('devices_project_status').on('devices')
    .expression(sql`project_id, status, ${testedAt}, id`).execute();
  // Sorting a whole project by status (id breaking ties), and a status filter in id order.
  await db.schema.createIndex('devices_project_status_id').on('devices')
    .columns(['project_id', 'status', 'id']).execute();
  await db.schema.createIndex('devices_batch').on('devices')
    .expression(sql`production_batch_id, ${testedAt}, id`).execute();
  await db.schema.createIndex('devices_batch_status').on('devices')
    .columns(['production_batch_id', 'status', 'id']).execute();
  // A batch's devices in every other sortable order. Without them a batch filter walks the
  // project-wide index for that order and skips the other batches' rows: an older batch sorted
  // newest first read ~750,000 rows of a 1,000,000-device project (140-300 ms on both databases,
  // measured by npm run bench's data). Batches are tested one after another, so this is the
  // common case, not a corner. (SQLite also needs the project condition kept off the index when
  // a batch is given, `+devices.project_id = ?`, or it may still prefer the project index.)
  await db.schema.createIndex('devices_batch_id').on('devices').columns(['production_batch_id', 'id']).execute();
  await db.schema.createIndex('devices_batch_serial').on('devices')
    .columns(['production_batch_id', 'serial_key', 'id']).execute();
  await db.schema.createIndex('devices_batch_created_at').on('devices')
    .columns(['production_batch_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('devices_release_batch').on('devices').column('release_batch_id').execute();
  // Superadmins' device search across every company (GET /manage/devices?search=): a serial
  // prefix range, in serial order, without a project to narrow it first.
  await db.schema.createIndex('devices_serial_key').on('devices').columns(['serial_key', 'id']).execute();

  await addIdColumn(db, db.schema.createTable('device_reports'))
    .addColumn('uuid', 'text', (col) => col.notNull().unique())
    .addColumn('device_id', 'integer', (col) => col.notNull().references('devices.id'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id'))
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id'))
    .addColumn('production_batch_id', 'integer', (col) => col.notNull().references('production_batches.id'))
    .addColumn('enclosure_id', 'integer', (col) => col.references('enclosures.id'))
    .addColumn('test_profile', 'text')
    .addColumn('test_profile_version', 'text')
    .addColumn('result', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text', (col) => col.notNull())
    .addColumn('step_count', 'integer', int0)
    .addColumn('failed_step_count', 'integer', int0)
    // The steps travel with their report and are always read with it; analysis reads the
    // aggregates below, so one JSON column beats millions of step rows.
    .addColumn('steps', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('device_reports_device').on('device_reports')
    .columns(['device_id', 'started_at', 'id']).execute();
  await db.schema.createIndex('device_reports_enclosure').on('device_reports')
    .columns(['enclosure_id', 'finished_at']).execute();

  // One row per (project, batch, day): what statistics and the dashboard read.
  await db.schema
    .createTable('report_daily_stats')
    .addColumn('company_id', 'integer', (col) => col.notNull())
    .addColumn('project_id', 'integer', (col) => col.notNull())
    .addColumn('production_batch_id', 'integer', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull()) // YYYY-MM-DD, UTC, of finished_at
    .addColumn('reports', 'integer', int0)
    .addColumn('passed', 'integer', int0)
    .addColumn('failed', 'integer', int0)
    .addColumn('errors', 'integer', int0)
    .addColumn('first_tests', 'integer', int0)
    .addColumn('first_passes', 'integer', int0)
    .addPrimaryKeyConstraint('report_daily_stats_pk', ['project_id', 'production_batch_id', 'day'])
    .execute();
  await db.schema.createIndex('report_daily_stats_company_day').on('report_daily_stats')
    .columns(['company_id', 'day']).execute();

  // Failures per step name and day: the Pareto of failing steps.
  await db.schema
    .createTable('step_failure_daily')
    .addColumn('company_id', 'integer', (col) => col.notNull())
    .addColumn('project_id', 'integer', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('step_name', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', int0)
    .addPrimaryKeyConstraint('step_failure_daily_pk', ['project_id', 'day', 'step_name'])
    .execute();
  await db.schema.createIndex('step_failure_daily_company_day').on('step_failure_daily')
    .columns(['company_id', 'day']).execute();

  // Reports per jig and day: jig utilisation and "last seen" on the dashboard.
  await db.schema
    .createTable('enclosure_daily_stats')
    .addColumn('enclosure_id', 'integer', (col) => col.notNull())
    .addColumn('company_id', 'integer', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('reports', 'integer', int0)
    .addPrimaryKeyConstraint('enclosure_daily_stats_pk', ['enclosure_id', 'day'])
    .execute();
  await db.schema.createIndex('enclosure_daily_stats_company_day').on('enclosure_daily_stats')
    .columns(['company_id', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'enclosure_daily_stats',
    'step_failure_daily',
    'report_daily_stats',
    'device_reports',
    'devices',
    'production_batches',
    'manufacturers',
    'projects',
    'enclosures',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
