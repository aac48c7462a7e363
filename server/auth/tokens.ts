import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { idListAgg, parseIdList } from '../db/dialect';
import { rolesById } from '../store/roles';
import { selectUsers, toUser } from '../store/users';
import type { Caller } from './authenticate';
import { cachedSession, forgetUserSessions, rememberSession } from './session-cache';

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
 * or expired. Runs on every authenticated request, so the token, the user, its role ids and the
 * projects it joined by invitation come in one query (roles map through an in-process copy),
 * and a session read in the last few seconds is not read again (session-cache.ts).
 */
export async function findSession(db: Kysely<DB>, token: string) {
  const now = new Date();
  const tokenHash = hashToken(token);
  const cached = cachedSession(db, tokenHash, now.getTime());
  if (cached) return cached;
  const row = await selectUsers(db)
    .innerJoin('auth_tokens', 'auth_tokens.user_id', 'users.id')
    .where('auth_tokens.token_hash', '=', tokenHash)
    .where('auth_tokens.expires_at', '>', now.toISOString())
    .select((eb) => [
      'auth_tokens.id as token_id',
      'auth_tokens.last_used_at',
      'auth_tokens.expires_at',
      eb
        .selectFrom('user_roles')
        .whereRef('user_roles.user_id', '=', 'users.id')
        .select(idListAgg(db, sql.ref('user_roles.role_id')).as('ids'))
        .as('role_ids'),
      eb
        .selectFrom('project_members')
        .whereRef('project_members.user_id', '=', 'users.id')
        .select(idListAgg(db, sql.ref('project_members.project_id')).as('ids'))
        .as('member_project_ids'),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  if (now.getTime() - Date.parse(row.last_used_at) > LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable('auth_tokens')
      .set({ last_used_at: now.toISOString() })
      .where('id', '=', row.token_id)
      .execute();
  }
  const roles = await rolesById(db, parseIdList(row.role_ids));
  const caller: Caller = { ...toUser(row, roles), member_project_ids: parseIdList(row.member_project_ids) };
  const session = { user: caller, tokenId: row.token_id };
  rememberSession(db, tokenHash, session, Date.parse(row.expires_at), now.getTime());
  return session;
}

export async function revokeToken(db: Kysely<DB>, tokenId: number, userId: number): Promise<void> {
  await db.deleteFrom('auth_tokens').where('id', '=', tokenId).execute();
  forgetUserSessions(db, userId);
}

/** After a password change every other session of that user ends. */
export async function revokeOtherTokens(db: Kysely<DB>, userId: number, keepTokenId?: number) {
  let query = db.deleteFrom('auth_tokens').where('user_id', '=', userId);
  if (keepTokenId !== undefined) query = query.where('id', '!=', keepTokenId);
  await query.execute();
  forgetUserSessions(db, userId);
}

export async function deleteExpiredTokens(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('auth_tokens').where('expires_at', '<=', new Date().toISOString()).execute();
}
