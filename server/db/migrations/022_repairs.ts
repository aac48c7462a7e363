import { sql, type Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * The repair loop and the station's records on the runs (contract/repairs.ts, contract/station.ts):
 * - the company's failure codes (admins edit them; a code named by a repair is archived, not deleted);
 * - repair records: waiting from the hand-off until repaired or scrapped, with the failing steps
 *   of the run that sent the board, the failure code, action, parts, notes and a file;
 * - on a board: whether it waits for repair, and its run count when its last repair was done, so
 *   the attempts of the present repair cycle are `report_count - repair_base_count`;
 * - on a run: the operator whose scan led to it, and why it was out of policy, if it was;
 * - on a scan: the run it led to and the operator's acknowledgement of a fail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('failure_codes'))
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    /** lower(code): one code per company whatever its case. */
    .addColumn('code_key', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('archived', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('failure_codes_company_code', ['company_id', 'code_key'])
    .execute();

  await addIdColumn(db, db.schema.createTable('repairs'))
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (col) => col.notNull().references('devices.id').onDelete('cascade'))
    /** waiting | repaired | scrapped */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    /** JSON array of contract FailingStep: the run that sent the board, as it failed. */
    .addColumn('failing_steps', 'text', (col) => col.notNull().defaultTo('[]'))
    // Not a foreign key: deleting reports (a project, a batch) would check every repair for each
    // one; the failing steps are kept here, and a read joins the report when it is still there.
    .addColumn('report_id', 'integer')
    .addColumn('enclosure_id', 'integer', (col) => col.references('enclosures.id').onDelete('set null'))
    .addColumn('scan_id', 'integer', (col) => col.references('station_scans.id').onDelete('set null'))
    .addColumn('sent_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addColumn('failure_code_id', 'integer', (col) => col.references('failure_codes.id').onDelete('restrict'))
    .addColumn('action', 'text')
    /** JSON array of reference designators. */
    .addColumn('parts', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('notes', 'text')
    .addColumn('file_id', 'text', (col) => col.references('files.id').onDelete('set null'))
    .addColumn('repaired_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('repaired_at', 'text')
    .execute();
  // The queue: a project's waiting repairs, oldest first; the done ones by when.
  await db.schema.createIndex('repairs_project_status').on('repairs').columns(['project_id', 'status', 'sent_at']).execute();
  await db.schema.createIndex('repairs_project_repaired').on('repairs').columns(['project_id', 'repaired_at']).execute();
  await db.schema.createIndex('repairs_device').on('repairs').columns(['device_id', 'sent_at']).execute();
  await db.schema.createIndex('repairs_failure_code').on('repairs').columns(['failure_code_id']).execute();
  // A board waits for at most one repair at a time.
  await db.schema.createIndex('repairs_one_waiting').on('repairs').column('device_id').unique().where(sql.ref('status'), '=', 'waiting').execute();

  await db.schema.alterTable('devices').addColumn('in_repair', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('devices').addColumn('repair_base_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();

  // Not a foreign key (as migration 019 keeps device_reports): deleting a user would scan every
  // report for one naming them. A read joins users: a deleted operator reads as nobody.
  await db.schema.alterTable('device_reports').addColumn('operator_id', 'integer').execute();
  await db.schema.alterTable('device_reports').addColumn('out_of_policy', 'text').execute();
  // Split by operator: only runs a scan led to carry one.
  await db.schema
    .createIndex('device_reports_operator')
    .on('device_reports')
    .columns(['project_id', 'operator_id', 'finished_at'])
    .where(sql.ref('operator_id'), 'is not', null)
    .execute();

  // Not a foreign key, for the same reason as repairs.report_id.
  await db.schema.alterTable('station_scans').addColumn('report_id', 'integer').execute();
  /** retest | repair, once the operator acknowledged the scan's failing run. */
  await db.schema.alterTable('station_scans').addColumn('acknowledgement', 'text').execute();
  await db.schema.alterTable('station_scans').addColumn('acknowledged_at', 'text').execute();
  // A run finds the scan that led to it: the jig's open scans of that serial.
  await db.schema
    .createIndex('station_scans_open')
    .on('station_scans')
    .columns(['enclosure_id', 'serial_key', 'scanned_at'])
    .where(sql.ref('report_id'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('station_scans_open').execute();
  await db.schema.alterTable('station_scans').dropColumn('acknowledged_at').execute();
  await db.schema.alterTable('station_scans').dropColumn('acknowledgement').execute();
  await db.schema.alterTable('station_scans').dropColumn('report_id').execute();
  await db.schema.dropIndex('device_reports_operator').execute();
  await db.schema.alterTable('device_reports').dropColumn('out_of_policy').execute();
  await db.schema.alterTable('device_reports').dropColumn('operator_id').execute();
  await db.schema.alterTable('devices').dropColumn('repair_base_count').execute();
  await db.schema.alterTable('devices').dropColumn('in_repair').execute();
  await db.schema.dropTable('repairs').execute();
  await db.schema.dropTable('failure_codes').execute();
}
