import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CreatedServiceToken, ServiceToken, ServiceTokenCreateInput } from '../../contract/service-tokens';
import type { Caller } from '../auth/authenticate';
import { hashSecret, serviceTokenText } from '../auth/service-tokens';
import { forgetUserSessions } from '../auth/session-cache';
import { revokeOtherTokens } from '../auth/tokens';
import type { DB } from '../db/schema';
import { notFound } from '../http/errors';
import { roleIdsBySlug } from '../store/roles';
import { findCompanyToken, insertToken, listCompanyTokens, markRevoked } from '../store/service-tokens';
import { insertUser } from '../store/users';

export { listCompanyTokens };

/**
 * No password hash at all: verifyPassword answers false for a malformed one, so the account a
 * token acts as can never log in with a password.
 */
const NO_PASSWORD = '!';

/**
 * A new token of the company, with its account: a user of the company holding the token's
 * role, named `svc-…` so people see in a list or a history that a script acted. The route has
 * judged that the caller manages the company's users; the role is always a company role (the
 * input allows no other), so a token is never a superadmin.
 */
export async function createServiceToken(db: Kysely<DB>, caller: Caller, companyId: number, input: ServiceTokenCreateInput): Promise<CreatedServiceToken> {
  const secret = randomBytes(32).toString('base64url');
  const now = new Date().toISOString();
  const roleIds = await roleIdsBySlug(db);
  const id = await db.transaction().execute(async (trx) => {
    const username = `svc-${randomBytes(6).toString('hex')}`;
    const userId = await insertUser(
      trx,
      { username, email: `${username}@service-token.invalid`, password_hash: NO_PASSWORD, company_id: companyId, role_ids: [roleIds[input.role]] },
      now,
    );
    return insertToken(trx, {
      company_id: companyId,
      user_id: userId,
      name: input.name,
      role: input.role,
      secret_hash: hashSecret(secret),
      created_by: caller.id,
      created_at: now,
      expires_at: input.expires_at ? new Date(input.expires_at).toISOString() : null,
    });
  });
  const found = (await findCompanyToken(db, companyId, id))!;
  return { ...found.token, token: serviceTokenText(id, secret) };
}

/**
 * Revokes a token of the company (404 for another company's): its next call is refused here at
 * once; another replica may take it for at most its session cache window.
 */
export async function revokeServiceToken(db: Kysely<DB>, companyId: number, id: number): Promise<ServiceToken> {
  const found = await findCompanyToken(db, companyId, id);
  if (!found) throw notFound();
  await markRevoked(db, id, found.userId, new Date().toISOString(), NO_PASSWORD);
  // Any login its account was given (an admin set it a password) ends with it.
  await revokeOtherTokens(db, found.userId);
  forgetUserSessions(db, found.userId);
  return (await findCompanyToken(db, companyId, id))!.token;
}
