import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * The station: a test profile's retest policy (how many runs a board gets per repair cycle; null
 * is no limit) and the operators' scans at a jig (who scanned which serial where and when, and
 * what the station answered). Scans are read per jig, newest first, and per serial.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('test_profiles').addColumn('attempt_limit', 'integer').execute();
  await addIdColumn(db, db.schema.createTable('station_scans'))
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('enclosure_id', 'integer', (col) => col.notNull().references('enclosures.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('operator_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('serial', 'text', (col) => col.notNull())
    .addColumn('serial_key', 'text', (col) => col.notNull())
    .addColumn('device_id', 'integer', (col) => col.references('devices.id').onDelete('set null'))
    .addColumn('test_profile_id', 'integer', (col) => col.references('test_profiles.id').onDelete('set null'))
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('stop_code', 'text')
    .addColumn('attempts_used', 'integer', (col) => col.notNull())
    .addColumn('attempt_limit', 'integer')
    .addColumn('scanned_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('station_scans_jig_time').on('station_scans').columns(['enclosure_id', 'scanned_at']).execute();
  await db.schema.createIndex('station_scans_serial').on('station_scans').columns(['project_id', 'serial_key', 'scanned_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('station_scans').execute();
  await db.schema.alterTable('test_profiles').dropColumn('attempt_limit').execute();
}
