import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Only the hash is stored: whoever reads the table (or a backup) holds no usable login. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(db: Kysely<DB>, userId: number, ttlMs: number) {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expires_at = new Date(now.getTime() + ttlMs).toISOString();
  await db
    .insertInto('auth_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at,
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
    })
    .execute();
  return { token, expires_at };
}

/** Recording every use would make each read a write; once a minute is precise enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The live token's row, or undefined when it is unknown, revoked or expired. */
export async function findLiveToken(db: Kysely<DB>, token: string) {
  const now = new Date();
  const row = await db
    .selectFrom('auth_tokens')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now.toISOString())
    .select(['id', 'user_id', 'last_used_at'])
    .executeTakeFirst();
  if (row && now.getTime() - Date.parse(row.last_used_at) > LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable('auth_tokens')
      .set({ last_used_at: now.toISOString() })
      .where('id', '=', row.id)
      .execute();
  }
  return row;
}

export async function revokeToken(db: Kysely<DB>, tokenId: number): Promise<void> {
  await db.deleteFrom('auth_tokens').where('id', '=', tokenId).execute();
}

/** After a password change every other session of that user ends. */
export async function revokeOtherTokens(db: Kysely<DB>, userId: number, keepTokenId?: number) {
  let query = db.deleteFrom('auth_tokens').where('user_id', '=', userId);
  if (keepTokenId !== undefined) query = query.where('id', '!=', keepTokenId);
  await query.execute();
}

export async function deleteExpiredTokens(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('auth_tokens').where('expires_at', '<=', new Date().toISOString()).execute();
}
