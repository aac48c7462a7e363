import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { User } from '../../contract/users';
import type { DB } from '../db/schema';
import { unauthorized } from '../http/errors';
import { findServiceSession, isServiceToken } from './service-tokens';
import { findSession } from './tokens';

/**
 * The logged-in user of a request: the contract's User, with roles and company, and the projects
 * of other companies it joined by accepting an invitation (it may read those, see access.ts).
 */
export type Caller = User & { member_project_ids: readonly number[] };

/** The caller as the contract's User (what `GET /users/me` answers). */
export function callerAsUser({ member_project_ids: _, ...user }: Caller): User {
  return user;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` for every route of the logged-in scope; never read elsewhere. */
    caller: Caller;
    /** The row of the token this request presented, so logout revokes exactly that one. */
    tokenId: number;
  }
}

const EXPIRED = 'The login is invalid or has expired.';

/** `Authorization: Bearer <token>`, the type in any case (the app sends the stored type back). */
function bearerToken(header: string | undefined): string | null {
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header ?? '');
  return match && match[1].toLowerCase() === 'bearer' ? match[2] : null;
}

/** The onRequest hook of every route that needs a login. */
export function authenticate(db: Kysely<DB>) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    // A service token (`jbt_…`) acts as its own account; anything else is a login's token.
    const session = isServiceToken(token) ? await findServiceSession(db, token) : await findSession(db, token);
    if (!session) throw unauthorized(EXPIRED);
    request.caller = session.user;
    request.tokenId = session.tokenId;
  };
}
