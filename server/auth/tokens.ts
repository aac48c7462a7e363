import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { selectUsers, toUsers } from '../store/users';

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

/**
 * The user of a live token and the token's row, or undefined when the token is unknown, revoked
 * or expired. Runs on every authenticated request, so the token and the user come in one query.
 */
export async function findSession(db: Kysely<DB>, token: string) {
  const now = new Date();
  const row = await selectUsers(db)
    .innerJoin('auth_tokens', 'auth_tokens.user_id', 'users.id')
    .where('auth_tokens.token_hash', '=', hashToken(token))
    .where('auth_tokens.expires_at', '>', now.toISOString())
    .select(['auth_tokens.id as token_id', 'auth_tokens.last_used_at'])
    .executeTakeFirst();
  if (!row) return undefined;
  if (now.getTime() - Date.parse(row.last_used_at) > LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable('auth_tokens')
      .set({ last_used_at: now.toISOString() })
      .where('id', '=', row.token_id)
      .execute();
  }
  const [user] = await toUsers(db, [row]);
  return { user, tokenId: row.token_id };
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
