import type { FastifyPluginAsync } from 'fastify';
import { loginInput, WRONG_CREDENTIALS, type LoginResult } from '../../contract/auth';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from '../auth/throttle';
import { deleteExpiredTokens, issueToken, revokeToken } from '../auth/tokens';
import type { RouteDeps } from '../config';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/validate';
import { findLogin } from '../store/users';

/** Public: `POST /login`. */
export const loginRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  app.post('/login', async (request): Promise<LoginResult> => {
    const { username, password } = parseInput(loginInput, request.body);
    const limits = config.loginThrottle;

    // Checked before the password: a throttled guess must not even be tried.
    const retryAfter = await loginRetryAfter(db, limits, username, request.ip);
    if (retryAfter > 0) {
      const minutes = Math.ceil(retryAfter / 60);
      throw new HttpError(
        429,
        `Too many failed logins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        undefined,
        { 'retry-after': String(retryAfter) },
      );
    }

    const login = await findLogin(db, username);
    const ok = login
      ? await verifyPassword(login.password_hash, password)
      : await verifyAgainstDummy(password);
    if (!login || !ok) {
      await recordLoginFailure(db, limits, username, request.ip);
      throw new HttpError(401, WRONG_CREDENTIALS);
    }

    await clearLoginFailures(db, username);
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
