import type { Kysely } from 'kysely';

/**
 * The run rules a profile's charts are judged by (contract/run-rules.ts): JSON text of rule
 * numbers, the Western Electric rules until someone chooses otherwise. A new version copies them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('test_profiles')
    .addColumn('run_rules', 'text', (col) => col.notNull().defaultTo('[1,2,3,4]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('test_profiles').dropColumn('run_rules').execute();
}
