import { sql, type Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * Fixture traceability and contact cycles (contract/fixtures.ts):
 * - fixtures: one row per distinct state of a jig's fixture (its cassette, the firmware it
 *   reported, and below, its cartridges with their calibration state), shared by every report
 *   made while that state held; `signature` is that state as text, so ingestion finds the row
 *   by (jig, signature) and a change of any part makes a new row for the next report;
 * - fixture_cartridges: the cartridges of a fixture, per bay, with their calibration then;
 * - device_reports.fixture_id: the fixture a report ran on (older reports: null);
 * - a cartridge type's rated probe life and cleaning interval, in contact cycles (optional);
 * - a cartridge's contact cycles (a counter ingestion keeps, one per stored report of a fixture
 *   it was part of) and the counter's value when it was last cleaned and its probes last
 *   replaced: cycles since are differences, so recording maintenance never touches the counter;
 * - cartridge_maintenance: who recorded which maintenance when, at how many cycles.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('fixtures'))
    .addColumn('company_id', 'integer', (col) => col.references('companies.id').onDelete('cascade'))
    .addColumn('enclosure_id', 'integer', (col) => col.notNull().references('enclosures.id').onDelete('cascade'))
    .addColumn('cassette_id', 'integer', (col) => col.references('cassettes.id').onDelete('set null'))
    .addColumn('firmware_version', 'text')
    .addColumn('signature', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('fixtures_enclosure_signature', ['enclosure_id', 'signature'])
    .execute();
  await db.schema.createIndex('fixtures_cassette').on('fixtures').column('cassette_id').execute();

  await db.schema
    .createTable('fixture_cartridges')
    .addColumn('fixture_id', 'integer', (col) => col.notNull().references('fixtures.id').onDelete('cascade'))
    .addColumn('bay', 'integer', (col) => col.notNull())
    .addColumn('cartridge_id', 'integer', (col) => col.notNull().references('cartridges.id').onDelete('cascade'))
    /** contract CALIBRATION_STATUSES, as it stood when the fixture was first seen. */
    .addColumn('calibration_status', 'text', (col) => col.notNull())
    .addColumn('calibration_due_at', 'text')
    .addPrimaryKeyConstraint('fixture_cartridges_pk', ['fixture_id', 'bay'])
    .execute();
  // The recount of a cartridge's cycles, and the splits per cartridge, start here.
  await db.schema.createIndex('fixture_cartridges_cartridge').on('fixture_cartridges').columns(['cartridge_id', 'fixture_id']).execute();

  // Not a foreign key, as device_reports keeps its other references (migrations 019, 022).
  await db.schema.alterTable('device_reports').addColumn('fixture_id', 'integer').execute();
  await db.schema.createIndex('device_reports_fixture').on('device_reports').column('fixture_id').where(sql.ref('fixture_id'), 'is not', null).execute();

  await db.schema.alterTable('cartridge_types').addColumn('rated_probe_life_cycles', 'integer').execute();
  await db.schema.alterTable('cartridge_types').addColumn('cleaning_interval_cycles', 'integer').execute();

  await db.schema.alterTable('cartridges').addColumn('contact_cycles', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('cartridges').addColumn('cycles_at_cleaning', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('cartridges').addColumn('cycles_at_probe_change', 'integer', (col) => col.notNull().defaultTo(0)).execute();

  await addIdColumn(db, db.schema.createTable('cartridge_maintenance'))
    .addColumn('cartridge_id', 'integer', (col) => col.notNull().references('cartridges.id').onDelete('cascade'))
    /** cleaned | probes_replaced */
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('contact_cycles', 'integer', (col) => col.notNull())
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('cartridge_maintenance_cartridge').on('cartridge_maintenance').columns(['cartridge_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cartridge_maintenance').execute();
  await db.schema.alterTable('cartridges').dropColumn('cycles_at_probe_change').execute();
  await db.schema.alterTable('cartridges').dropColumn('cycles_at_cleaning').execute();
  await db.schema.alterTable('cartridges').dropColumn('contact_cycles').execute();
  await db.schema.alterTable('cartridge_types').dropColumn('cleaning_interval_cycles').execute();
  await db.schema.alterTable('cartridge_types').dropColumn('rated_probe_life_cycles').execute();
  await db.schema.dropIndex('device_reports_fixture').execute();
  await db.schema.alterTable('device_reports').dropColumn('fixture_id').execute();
  await db.schema.dropTable('fixture_cartridges').execute();
  await db.schema.dropTable('fixtures').execute();
}
