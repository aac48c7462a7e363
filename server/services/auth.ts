import type { Kysely } from 'kysely';
import { WRONG_CREDENTIALS, type LoginInput, type LoginResult } from '../../contract/auth';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import { startLoginAttempt } from '../auth/throttle';
import { deleteExpiredTokens, issueToken, revokeToken } from '../auth/tokens';
import type { ResolvedConfig } from '../config';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import { findLogin } from '../store/users';

/**
 * A login from `address`: throttled per username and address and per address (auth/throttle.ts)
 * before the password is even tried; the same answer whether the username exists or not.
 */
export async function logIn(
  db: Kysely<DB>,
  config: Pick<ResolvedConfig, 'loginThrottle' | 'tokenTtlMs'>,
  { username, password }: LoginInput,
  address: string,
): Promise<LoginResult> {
  // Throws the 429 when this username from this address, or this address, must wait first.
  const attempt = await startLoginAttempt(db, config.loginThrottle, username, address);
  const login = await findLogin(db, username);
  const ok = login ? await verifyPassword(login.password_hash, password) : await verifyAgainstDummy(password);
  if (!login || !ok) throw new HttpError(401, WRONG_CREDENTIALS); // the attempt stays a failure

  await attempt.succeeded();
  await deleteExpiredTokens(db);
  const { token, expires_at } = await issueToken(db, login.id, config.tokenTtlMs);
  return { data: { type: 'Bearer', token, expires_at } };
}

/** Ends exactly the session whose token the request presented. */
export const logOut = (db: Kysely<DB>, tokenId: number, userId: number) => revokeToken(db, tokenId, userId);
