import { z } from 'zod';
import { oneOf, pageOf } from '../../contract/envelope';
import { inviteCreateInput, inviteListQuery, inviteSchema, inviteSentSchema, inviteUpdateInput } from '../../contract/invites';
import { defineRoutes } from '../http/route';
import { changeInvite, invitesOfProject, inviteToProject } from '../services/invites';

/**
 * A project's invitations: its own company's people read them (a manufacturer who joined the
 * project must not learn whom else the customer invited); its admins and engineers invite,
 * revoke and resend. The link's side is invite-token.ts.
 */
export default defineRoutes((route, deps) => {
  route({
    method: 'GET',
    url: '/projects/:id/invites',
    summary: "A project's invitations",
    access: 'company.read',
    scope: 'project',
    query: inviteListQuery,
    response: pageOf(inviteSchema),
    handler: async ({ row: project, query }) => invitesOfProject(deps.db, project.id, query),
  });

  route({
    method: 'POST',
    url: '/projects/:id/invites',
    summary: 'Invite someone into a project',
    description:
      'With `SMTP_URL` the link goes to the invitee by email (`delivery: "email"`, no token); without it the answer carries the token this once (`delivery: "link"`). Only admins invite admins.',
    access: 'production.edit',
    scope: 'project',
    body: inviteCreateInput,
    status: 201,
    response: oneOf(inviteSentSchema),
    handler: async ({ caller, row: project, body, request }) => ({
      data: await inviteToProject(deps, request.log, caller, project, body),
    }),
  });

  route({
    method: 'PATCH',
    url: '/invites/:id',
    summary: 'Revoke an invitation, or send it again with a new link',
    access: 'production.edit',
    scope: 'invite',
    body: inviteUpdateInput,
    response: oneOf(z.union([inviteSentSchema, inviteSchema])),
    handler: async ({ caller, row, body, request }) => ({ data: await changeInvite(deps, request.log, caller, row, body) }),
  });
});
