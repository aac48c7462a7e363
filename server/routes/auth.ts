import { loginInput, loginResultSchema } from '../../contract/auth';
import { defineRoutes } from '../http/route';
import { logIn, logOut } from '../services/auth';

export default defineRoutes((route, { db, config }) => {
  route({
    method: 'POST',
    url: '/login',
    summary: 'Log in',
    description:
      'Answers a token to send as `Authorization: Bearer <token>`. Wrong credentials answer 401 with the same words whether the user exists or not; repeated failures of a username from one address, or of one address, wait with backoff (429 with `Retry-After`).',
    access: 'public',
    body: loginInput,
    response: loginResultSchema,
    handler: async ({ body, request }) => logIn(db, config, body, request.ip),
  });

  route({
    method: 'POST',
    url: '/logout',
    summary: 'Log out: revoke the token this request presents',
    access: 'read',
    status: 204,
    handler: async ({ caller, request }) => {
      await logOut(db, request.tokenId, caller.id);
    },
  });
});
