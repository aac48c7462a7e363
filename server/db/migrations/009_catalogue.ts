import type { CreateTableBuilder, Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * The superadmin catalogue: what every test setup is built from. One migration for
 * all of it, so the screens built on it can be written side by side.
 *
 * - resource types and the pin types each allows; the pin map says which connector pin of a
 *   cartridge type serves which resource type;
 * - cartridge types with their connector pins and firmware versions (bytes in the file store);
 * - cassette module types (AMS modules), cassettes with their module slots and cartridge bays;
 * - cartridges (physical, one type, in a cassette's bay) and their calibrations;
 * - test function types (fixed list, seeded here) and test functions with their parameters;
 * - devices.panel_id: boards built together on one panel, corrected together.
 *
 * Deletes: a catalogue row that others point at is refused by the API (409), so references are
 * `restrict`; rows that belong to their parent (pins, pin map, calibrations, modules) go with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stamps = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    table.addColumn('created_at', 'text', (col) => col.notNull()).addColumn('updated_at', 'text', (col) => col.notNull());

  await stamps(
    addIdColumn(db, db.schema.createTable('resource_types'))
      .addColumn('name', 'text', (col) => col.notNull().unique())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo('')),
  ).execute();
  await stamps(
    addIdColumn(db, db.schema.createTable('pin_types'))
      .addColumn('name', 'text', (col) => col.notNull().unique())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo('')),
  ).execute();
  await db.schema
    .createTable('resource_type_pin_types')
    .addColumn('resource_type_id', 'integer', (col) => col.notNull().references('resource_types.id').onDelete('cascade'))
    .addColumn('pin_type_id', 'integer', (col) => col.notNull().references('pin_types.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('resource_type_pin_types_pk', ['resource_type_id', 'pin_type_id'])
    .execute();
  await db.schema.createIndex('resource_type_pin_types_pin_type').on('resource_type_pin_types').column('pin_type_id').execute();

  await stamps(
    addIdColumn(db, db.schema.createTable('cartridge_types'))
      .addColumn('name', 'text', (col) => col.notNull().unique())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo('')),
  ).execute();
  await stamps(
    addIdColumn(db, db.schema.createTable('connector_pins'))
      .addColumn('cartridge_type_id', 'integer', (col) => col.notNull().references('cartridge_types.id').onDelete('cascade'))
      .addColumn('number', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('pin_type_id', 'integer', (col) => col.references('pin_types.id').onDelete('restrict'))
      .addUniqueConstraint('connector_pins_type_number', ['cartridge_type_id', 'number']),
  ).execute();
  await db.schema.createIndex('connector_pins_pin_type').on('connector_pins').column('pin_type_id').execute();
  await addIdColumn(db, db.schema.createTable('pin_map'))
    .addColumn('resource_type_id', 'integer', (col) => col.notNull().references('resource_types.id').onDelete('cascade'))
    .addColumn('connector_pin_id', 'integer', (col) => col.notNull().references('connector_pins.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('pin_map_resource_pin', ['resource_type_id', 'connector_pin_id'])
    .execute();
  await db.schema.createIndex('pin_map_connector_pin').on('pin_map').column('connector_pin_id').execute();
  await addIdColumn(db, db.schema.createTable('cartridge_type_firmware'))
    .addColumn('cartridge_type_id', 'integer', (col) => col.notNull().references('cartridge_types.id').onDelete('restrict'))
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('file_id', 'text', (col) => col.notNull().unique().references('files.id').onDelete('restrict'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('cartridge_type_firmware_version', ['cartridge_type_id', 'version'])
    .execute();

  await stamps(
    addIdColumn(db, db.schema.createTable('cassette_module_types'))
      .addColumn('name', 'text', (col) => col.notNull().unique())
      // The analog measurement system family: dmm, psu, gpio, can, scope, …
      .addColumn('ams_type', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo('')),
  ).execute();
  await stamps(
    addIdColumn(db, db.schema.createTable('cassettes'))
      .addColumn('serial', 'text', (col) => col.notNull().unique())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('company_id', 'integer', (col) => col.references('companies.id').onDelete('restrict'))
      .addColumn('enclosure_id', 'integer', (col) => col.references('enclosures.id').onDelete('set null'))
      .addColumn('module_slots', 'integer', (col) => col.notNull().defaultTo(4))
      .addColumn('cartridge_bays', 'integer', (col) => col.notNull().defaultTo(2)),
  ).execute();
  await db.schema.createIndex('cassettes_company').on('cassettes').column('company_id').execute();
  await db.schema.createIndex('cassettes_enclosure').on('cassettes').column('enclosure_id').execute();
  await addIdColumn(db, db.schema.createTable('cassette_modules'))
    .addColumn('cassette_id', 'integer', (col) => col.notNull().references('cassettes.id').onDelete('cascade'))
    .addColumn('slot', 'integer', (col) => col.notNull())
    .addColumn('cassette_module_type_id', 'integer', (col) => col.notNull().references('cassette_module_types.id').onDelete('restrict'))
    .addUniqueConstraint('cassette_modules_slot', ['cassette_id', 'slot'])
    .execute();
  await db.schema.createIndex('cassette_modules_type').on('cassette_modules').column('cassette_module_type_id').execute();

  await stamps(
    addIdColumn(db, db.schema.createTable('cartridges'))
      .addColumn('serial', 'text', (col) => col.notNull().unique())
      .addColumn('cartridge_type_id', 'integer', (col) => col.notNull().references('cartridge_types.id').onDelete('restrict'))
      .addColumn('cassette_id', 'integer', (col) => col.references('cassettes.id').onDelete('set null'))
      .addColumn('bay', 'integer')
      // The due date of the newest calibration, kept with each recorded one: the ok / due soon /
      // overdue filter is a range on this indexed column. Null: never calibrated (overdue).
      .addColumn('calibration_due_at', 'text'),
  ).execute();
  await db.schema.createIndex('cartridges_type').on('cartridges').column('cartridge_type_id').execute();
  await db.schema.createIndex('cartridges_cassette').on('cartridges').column('cassette_id').execute();
  await db.schema.createIndex('cartridges_calibration_due').on('cartridges').columns(['calibration_due_at', 'id']).execute();
  await addIdColumn(db, db.schema.createTable('calibrations'))
    .addColumn('cartridge_id', 'integer', (col) => col.notNull().references('cartridges.id').onDelete('cascade'))
    .addColumn('calibrated_at', 'text', (col) => col.notNull()) // a date, YYYY-MM-DD
    .addColumn('due_at', 'text', (col) => col.notNull()) // a date, YYYY-MM-DD
    .addColumn('result', 'text', (col) => col.notNull()) // pass | fail
    // Measured values as JSON: [{ name, value, unit }]
    .addColumn('values', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('certificate_file_id', 'text', (col) => col.unique().references('files.id').onDelete('restrict'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('calibrations_cartridge').on('calibrations').columns(['cartridge_id', 'calibrated_at']).execute();

  await addIdColumn(db, db.schema.createTable('test_function_types'))
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .execute();
  await db
    .insertInto('test_function_types')
    .values([
      { slug: 'measurement', name: 'Measurement' },
      { slug: 'programming', name: 'Programming' },
      { slug: 'boundary_scan', name: 'Boundary scan' },
      { slug: 'functional', name: 'Functional' },
    ])
    .execute();
  await stamps(
    addIdColumn(db, db.schema.createTable('test_functions'))
      .addColumn('name', 'text', (col) => col.notNull().unique())
      .addColumn('test_function_type_id', 'integer', (col) => col.notNull().references('test_function_types.id').onDelete('restrict'))
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      // Parameters as JSON: [{ name, unit, default_low, default_high }]
      .addColumn('parameters', 'text', (col) => col.notNull().defaultTo('[]')),
  ).execute();
  await db.schema.createIndex('test_functions_type').on('test_functions').column('test_function_type_id').execute();

  await db.schema.alterTable('devices').addColumn('panel_id', 'text').execute();
  await db.schema.createIndex('devices_panel').on('devices').column('panel_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('devices_panel').execute();
  await db.schema.alterTable('devices').dropColumn('panel_id').execute();
  for (const table of [
    'test_functions',
    'test_function_types',
    'calibrations',
    'cartridges',
    'cassette_modules',
    'cassettes',
    'cassette_module_types',
    'cartridge_type_firmware',
    'pin_map',
    'connector_pins',
    'cartridge_types',
    'resource_type_pin_types',
    'pin_types',
    'resource_types',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
