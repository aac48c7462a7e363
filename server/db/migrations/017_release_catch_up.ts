import type { Kysely } from 'kysely';

/**
 * A release writes "released" onto its batch alone; the boards' own status follows in the
 * background (services/production/release-catch-up.ts). `catch_up_from` is where that
 * catch-up has got to: the highest board id it has written, 0 when it has not started, null when
 * there is nothing left to write (every batch released before this migration: their boards were
 * written by the release itself).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('release_batches').addColumn('catch_up_from', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('release_batches').dropColumn('catch_up_from').execute();
}
