import type { Kysely, Transaction } from 'kysely';
import type { ServiceToken } from '../../contract/service-tokens';
import type { CompanyRoleSlug } from '../../contract/role-slugs';
import type { DB } from '../db/schema';

/** A company's tokens with their creator's name, newest first. */
function selectTokens(db: Kysely<DB>) {
  return db
    .selectFrom('service_tokens')
    .leftJoin('users as creator', 'creator.id', 'service_tokens.created_by')
    .select([
      'service_tokens.id',
      'service_tokens.company_id',
      'service_tokens.user_id',
      'service_tokens.name',
      'service_tokens.role',
      'creator.username as created_by',
      'service_tokens.created_at',
      'service_tokens.expires_at',
      'service_tokens.last_used_at',
      'service_tokens.revoked_at',
    ]);
}

type TokenRow = Awaited<ReturnType<ReturnType<typeof selectTokens>['executeTakeFirstOrThrow']>>;

const toToken = ({ user_id: _, ...row }: TokenRow): ServiceToken => ({ ...row, role: row.role as CompanyRoleSlug });

export async function listCompanyTokens(db: Kysely<DB>, companyId: number): Promise<ServiceToken[]> {
  const rows = await selectTokens(db).where('service_tokens.company_id', '=', companyId).orderBy('service_tokens.id', 'desc').execute();
  return rows.map(toToken);
}

/** The token and the account it acts as, or undefined when the company has no such token. */
export async function findCompanyToken(db: Kysely<DB>, companyId: number, id: number) {
  const row = await selectTokens(db).where('service_tokens.company_id', '=', companyId).where('service_tokens.id', '=', id).executeTakeFirst();
  return row && { token: toToken(row), userId: row.user_id };
}

export async function insertToken(
  trx: Transaction<DB>,
  values: { company_id: number; user_id: number; name: string; role: string; secret_hash: string; created_by: number; created_at: string; expires_at: string | null },
): Promise<number> {
  const row = await trx.insertInto('service_tokens').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Sets revoked_at once (a second revoke keeps the first time), and takes away any password an
 * admin gave the token's account, so nothing of the token outlives its revocation.
 */
export async function markRevoked(db: Kysely<DB>, id: number, userId: number, at: string, noPassword: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('service_tokens').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    await trx.updateTable('users').set({ password_hash: noPassword, updated_at: at }).where('id', '=', userId).execute();
  });
}

/** Whether the user is the account of a service token (revoked or not). */
export async function isServiceAccount(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('service_tokens').select('id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
