import type { Kysely } from 'kysely';

/**
 * Which of the project's test resources (so pad groups, pins and pads) a test profile's step
 * measures. A link goes with its step (a draft's step deleted) and with its resource (a
 * cartridge that changes type loses the resources on its pins, and what measured them with it).
 * "New version" copies a profile's links with its steps.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('test_configuration_resources')
    .addColumn('test_configuration_id', 'integer', (col) => col.notNull().references('test_configurations.id').onDelete('cascade'))
    .addColumn('test_resource_id', 'integer', (col) => col.notNull().references('test_resources.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('test_configuration_resources_pk', ['test_configuration_id', 'test_resource_id'])
    .execute();
  // The pads read goes from a resource to the steps that measure it.
  await db.schema.createIndex('test_configuration_resources_resource').on('test_configuration_resources').column('test_resource_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_configuration_resources').execute();
}
