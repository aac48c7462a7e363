import type { Kysely } from 'kysely';

/**
 * Login failures are now counted per (username, address) and per address, never per username
 * alone (server/auth/throttle.ts): the pair's index replaces the username's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('login_failures_ip_username_created_at').on('login_failures')
    .columns(['ip', 'username', 'created_at']).execute();
  await db.schema.dropIndex('login_failures_username_created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('login_failures_username_created_at').on('login_failures')
    .columns(['username', 'created_at']).execute();
  await db.schema.dropIndex('login_failures_ip_username_created_at').execute();
}
