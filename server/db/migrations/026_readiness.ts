import { sql, type Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * Fit to test (contract/readiness.ts):
 * - a project's golden units: known-good serials, and known-bad ones that must fail a named step,
 *   and the window (hours) within which a golden unit must have given the right answer on a jig;
 * - a company's fixture policy: `warn` (reports of a jig that is not ready count as usual) or
 *   `hold` (they are stored but held until an engineer releases or discards them);
 * - on a report: `held` (null, 'held', 'discarded') and `golden` (null, or the golden unit's
 *   answer: 'right' | 'wrong'). Held, discarded and golden reports count nowhere.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('project_golden_units'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('serial', 'text', (col) => col.notNull())
    /** serialKey(serial): one entry per serial in a project whatever its case. */
    .addColumn('serial_key', 'text', (col) => col.notNull())
    /** good | bad */
    .addColumn('kind', 'text', (col) => col.notNull())
    /** The step a known-bad unit must fail; null for a known-good one. */
    .addColumn('fails_step', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('project_golden_units_serial', ['project_id', 'serial_key'])
    .execute();

  await db.schema.alterTable('projects').addColumn('golden_window_hours', 'integer', (col) => col.notNull().defaultTo(24)).execute();
  await db.schema.alterTable('companies').addColumn('fixture_policy', 'text', (col) => col.notNull().defaultTo('warn')).execute();

  await db.schema.alterTable('device_reports').addColumn('held', 'text').execute();
  await db.schema.alterTable('device_reports').addColumn('golden', 'text').execute();
  // A project's held reports, oldest first: the list an engineer releases or discards from.
  await db.schema
    .createIndex('device_reports_held')
    .on('device_reports')
    .columns(['project_id', 'held', 'id'])
    .where(sql.ref('held'), 'is not', null)
    .execute();
  // A jig's newest golden answer: readiness reads one per jig.
  await db.schema
    .createIndex('device_reports_golden')
    .on('device_reports')
    .columns(['enclosure_id', 'id'])
    .where(sql.ref('golden'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('device_reports_golden').execute();
  await db.schema.dropIndex('device_reports_held').execute();
  await db.schema.alterTable('device_reports').dropColumn('golden').execute();
  await db.schema.alterTable('device_reports').dropColumn('held').execute();
  await db.schema.alterTable('companies').dropColumn('fixture_policy').execute();
  await db.schema.alterTable('projects').dropColumn('golden_window_hours').execute();
  await db.schema.dropTable('project_golden_units').execute();
}
