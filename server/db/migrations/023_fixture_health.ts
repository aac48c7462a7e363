import { sql, type Kysely } from 'kysely';

/**
 * Fixture health (contract/fixture-health.ts) reads the failing runs of a range jig by jig, then
 * each failing board's runs in order (device_reports_device) to find its next attempt. The
 * failing runs are a few percent of all: an index of those alone is small, costs nothing when a
 * run passes, and spares reading every passing run of a jig's year to find its fails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('device_reports_enclosure_fails')
    .on('device_reports')
    .columns(['enclosure_id', 'finished_at', 'id'])
    .where(sql.ref('result'), '=', 'fail')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('device_reports_enclosure_fails').execute();
}
