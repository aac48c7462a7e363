import { z } from 'zod';
import { oneOf } from '../../contract/envelope';
import { inviteAcceptResult, invitePreviewSchema, inviteRegisterInput, inviteRegisterResult } from '../../contract/invites';
import { authenticate } from '../auth/authenticate';
import { unauthorized } from '../http/errors';
import { defineRoutes } from '../http/route';
import { acceptInviteAs, pendingInvite, previewInvite, registerThroughInvite } from '../services/invite-link';

const tokenQuery = z.object({ token: z.string().optional().describe('The token of the invitation link.') });

/**
 * The invitation link (public): what it is for (GET), and using it (POST): with a body, register
 * a new account and log it in; without one, accept as the user whose login the request carries.
 */
export default defineRoutes((route, { db, config }) => {
  route({
    method: 'GET',
    url: '/invites',
    summary: 'What an invitation link is for',
    description: 'An unknown token is a 404; a used, withdrawn or expired one answers 200 with its status.',
    access: 'public',
    query: tokenQuery,
    response: oneOf(invitePreviewSchema),
    handler: async ({ query }) => ({ data: await previewInvite(db, query.token) }),
  });

  route({
    method: 'POST',
    url: '/invites',
    summary: 'Use an invitation link: register (with a body) or accept (without one, logged in)',
    description:
      'With a body: a new account, answered with its login (201). Without a body: the logged-in invitee accepts (200). A used, withdrawn or expired link is a 410; a manufacturer company that exists already takes no registrations (409).',
    access: 'public',
    query: tokenQuery,
    // Read by the service after the link's own checks, so a used link says 410 whatever the form holds.
    body: inviteRegisterInput.optional(),
    parseBodyInHandler: true,
    status: 201,
    otherStatuses: [200],
    response: oneOf(z.union([inviteRegisterResult, inviteAcceptResult])),
    handler: async ({ query, request, reply }) => {
      if (request.body === undefined || request.body === null) {
        // Accepting needs a login; this route is public, so it asks for one itself, after the
        // link's own answer (a used link is a 410 whoever asks).
        await pendingInvite(db, query.token);
        if (!request.headers.authorization) throw unauthorized('Log in to accept this invitation, or register a new account.');
        await authenticate(db)(request);
        reply.status(200);
        return { data: await acceptInviteAs(db, query.token, request.caller) };
      }
      return { data: await registerThroughInvite(db, config, query.token, request.body) };
    },
  });
});
