import type { FastifyPluginAsync } from 'fastify';
import { loginInput, WRONG_CREDENTIALS, type LoginResult } from '../../contract/auth';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import { startLoginAttempt } from '../auth/throttle';
import { deleteExpiredTokens, issueToken, revokeToken } from '../auth/tokens';
import type { RouteDeps } from '../config';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/validate';
import { findLogin } from '../store/users';

/** Public: `POST /login`. */
export const loginRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  app.post('/login', async (request): Promise<LoginResult> => {
    const { username, password } = parseInput(loginInput, request.body);
    // Throws the 429 when this username from this address, or this address, must wait first.
    const attempt = await startLoginAttempt(db, config.loginThrottle, username, request.ip);

    const login = await findLogin(db, username);
    const ok = login
      ? await verifyPassword(login.password_hash, password)
      : await verifyAgainstDummy(password);
    if (!login || !ok) throw new HttpError(401, WRONG_CREDENTIALS); // the attempt stays a failure

    await attempt.succeeded();
    await deleteExpiredTokens(db);
    const { token, expires_at } = await issueToken(db, login.id, config.tokenTtlMs);
    return { data: { type: 'Bearer', token, expires_at } };
  });
};

/** Logged in: `POST /logout` ends the session whose token the request presented. */
export const logoutRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.post('/logout', async (request, reply) => {
    await revokeToken(db, request.tokenId, request.caller.id);
    return reply.status(204).send();
  });
};
