import { createHash, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SERVICE_TOKEN_PREFIX } from '../../contract/service-tokens';
import type { DB } from '../db/schema';
import { idListAgg, parseIdList } from '../db/dialect';
import { rolesById } from '../store/roles';
import { selectUsers, toUser } from '../store/users';
import type { Caller } from './authenticate';
import { cachedSession, rememberSession, type CachedSession } from './session-cache';

/**
 * A service token is `jbt_<id>_<secret>`, the secret 32 random bytes (base64url, 43 characters).
 * The id finds the row; only the secret's SHA-256 is stored, compared in constant time. A slow
 * password hash (argon2) would guard nothing here: it slows the guessing of a secret people
 * chose, and 256 random bits cannot be guessed; it would cost every call of a script tens of
 * milliseconds of CPU instead.
 */
const SERVICE_TOKEN = /^jbt_([1-9]\d{0,14})_([A-Za-z0-9_-]{43})$/;

/** By its whole form: a login's token is 43 characters, so it is never taken for one, whatever it begins with. */
export const isServiceToken = (token: string) => SERVICE_TOKEN.test(token);

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const serviceTokenText = (id: number, secret: string) => `${SERVICE_TOKEN_PREFIX}${id}_${secret}`;

/** A service token's request has no login row: logging out with it revokes nothing. */
export const NO_LOGIN_ROW = 0;

/** As often as a login's last use (tokens.ts): a script calling all day writes once a minute. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The account of a live service token, or undefined when the token is malformed, unknown,
 * revoked, expired or its secret is wrong. Cached like a login (session-cache.ts), by the hash of
 * the whole token, so a wrong secret never hits a right one's entry; revoking forgets it here.
 */
export async function findServiceSession(db: Kysely<DB>, token: string): Promise<CachedSession | undefined> {
  const match = SERVICE_TOKEN.exec(token);
  if (!match) return undefined;
  const now = new Date();
  const cacheKey = `service:${hashSecret(token)}`;
  const cached = cachedSession(db, cacheKey, now.getTime());
  if (cached) return cached;
  const row = await selectUsers(db)
    .innerJoin('service_tokens', 'service_tokens.user_id', 'users.id')
    .where('service_tokens.id', '=', Number(match[1]))
    .select((eb) => [
      'service_tokens.id as token_id',
      'service_tokens.secret_hash',
      'service_tokens.expires_at',
      'service_tokens.revoked_at',
      'service_tokens.last_used_at',
      eb
        .selectFrom('user_roles')
        .whereRef('user_roles.user_id', '=', 'users.id')
        .select(idListAgg(db, sql.ref('user_roles.role_id')).as('ids'))
        .as('role_ids'),
    ])
    .executeTakeFirst();
  if (!row || !sameHash(row.secret_hash, hashSecret(match[2]))) return undefined;
  if (row.revoked_at !== null) return undefined;
  const expiresAt = row.expires_at === null ? Infinity : Date.parse(row.expires_at);
  if (expiresAt <= now.getTime()) return undefined;
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) > LAST_USED_RESOLUTION_MS) {
    await db.updateTable('service_tokens').set({ last_used_at: now.toISOString() }).where('id', '=', row.token_id).execute();
  }
  const roles = await rolesById(db, parseIdList(row.role_ids));
  // A token's account joins no other company's project: it reads its own company only.
  const caller: Caller = { ...toUser(row, roles), member_project_ids: [] };
  const session = { user: caller, tokenId: NO_LOGIN_ROW };
  rememberSession(db, cacheKey, session, expiresAt, now.getTime());
  return session;
}

function sameHash(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
