import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * Service tokens (contract/service-tokens.ts). Each token acts through its own account in
 * users (user_id), holding the token's role: every permission check, and every row that records
 * who acted (created_by), then works for a token as for a person, with no rule of its own.
 * Only the SHA-256 of the secret is kept; revoking sets revoked_at (the row stays, so the
 * account's past actions keep a name).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('service_tokens'))
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('secret_hash', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('service_tokens_company').on('service_tokens').columns(['company_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('service_tokens').execute();
}
