import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { One, Page } from '../../contract/envelope';
import type { FieldErrors } from '../../contract/errors';
import {
  inviteCreateInput,
  inviteListQuery,
  inviteUpdateInput,
  type Invite,
  type InviteSent,
} from '../../contract/invites';
import { canEditProduction, canSeeCompany, canSeeProject, isAdminOf, isSuperadmin } from '../access';
import type { Caller } from '../auth/authenticate';
import type { RouteDeps } from '../config';
import { matchesSearch, pagedList } from '../db/paged-list';
import { conflict, forbidden, invalid, notFound } from '../http/errors';
import { parseId, parseInput } from '../http/validate';
import { visibleProject } from '../production/visible';
import { deliverInvite } from '../services/invite-delivery';
import { adminInviteErrors } from '../services/invite-roles';
import { alreadySeesProject, findAccountByEmail } from '../store/invite-acceptance';
import {
  createInvite,
  deleteUnsentInvite,
  findInvite,
  findOpenInviteFor,
  inviteSorting,
  resendInvite,
  restoreEarlierLink,
  revokeInvite,
  selectInvites,
  statusFilter,
  statusOf,
  toInvite,
} from '../store/invites';
import { findManufacturer } from '../store/manufacturers';
import { findProject } from '../store/projects';

type WithId = { Params: { id: string } };

/** Only admins hand out links that make admins; engineers invite the other roles. */
const mayInviteAs = (caller: Caller, role: string, companyId: number) =>
  role !== 'admin' || isSuperadmin(caller) || isAdminOf(caller, companyId);
const ADMIN_ONLY = 'Only an admin may invite someone as an admin.';

/**
 * A project's invitations (logged in): its company's people read them (a manufacturer who joined
 * the project must not learn whom else the customer invited); its admins and engineers invite,
 * revoke and resend. The public side (the link) is invite-token.ts.
 */
export const inviteRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const { db } = deps;
  app.get<WithId>('/projects/:id/invites', async (request): Promise<Page<Invite>> => {
    const project = await visibleProject(db, request.caller, request.params.id);
    if (!canSeeCompany(request.caller, project.company_id)) {
      throw forbidden("Only people of the project's company see its invitations.");
    }
    const list = parseInput(inviteListQuery, request.query);
    const now = new Date().toISOString();
    let query = selectInvites(db).where('invites.project_id', '=', project.id);
    if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref('invites.email')]));
    if (list.status) query = query.where(statusFilter(list.status, now));
    const page = await pagedList(query, list, inviteSorting(now));
    return { data: page.data.map((row) => toInvite(row, now)), meta: page.meta };
  });

  app.post<WithId>('/projects/:id/invites', async (request, reply): Promise<One<InviteSent>> => {
    const { caller } = request;
    const project = await visibleProject(db, caller, request.params.id);
    if (!canEditProduction(caller, project.company_id)) {
      throw forbidden('Only an admin or engineer of the company may invite people.');
    }
    const input = parseInput(inviteCreateInput, request.body);
    if (!mayInviteAs(caller, input.role, project.company_id)) throw forbidden(ADMIN_ONLY);

    const errors: FieldErrors = {};
    const manufacturerId = input.manufacturer_id ?? null;
    if (manufacturerId !== null && (await findManufacturer(db, manufacturerId))?.project_id !== project.id) {
      errors.manufacturer_id = ['Pick a manufacturer of this project.'];
    } else {
      Object.assign(
        errors,
        await adminInviteErrors(db, { role: input.role, manufacturer_id: manufacturerId, project_company_id: project.company_id }),
      );
    }
    const open = await findOpenInviteFor(db, project.id, input.email);
    const account = await findAccountByEmail(db, input.email);
    if (open) {
      errors.email = [
        statusOf(open) === 'expired'
          ? 'An expired invitation for this email exists; resend it instead.'
          : 'A pending invitation for this email exists; resend it instead.',
      ];
    } else if (account && (await alreadySeesProject(db, account, project))) {
      errors.email = ['This person already has access to this project.'];
    }
    if (Object.keys(errors).length) throw invalid(errors);

    const { id, token } = await createInvite(db, {
      project_id: project.id,
      email: input.email,
      role: input.role,
      manufacturer_id: manufacturerId,
      invited_by: caller.id,
    });
    const sent = await deliverInvite(deps, request.log, { id, token, resent: false }, () => deleteUnsentInvite(db, id, token));
    reply.status(201);
    return { data: sent };
  });

  app.patch<WithId>('/invites/:id', async (request): Promise<One<Invite | InviteSent>> => {
    const { caller } = request;
    const invite = await findInvite(db, parseId(request.params.id));
    const project = invite && (await findProject(db, invite.project_id));
    if (!invite || !project || !canSeeProject(caller, project)) throw notFound();
    if (!canEditProduction(caller, project.company_id)) {
      throw forbidden('Only an admin or engineer of the company may change invitations.');
    }
    const { action } = parseInput(inviteUpdateInput, request.body);

    if (action === 'revoke') {
      if (invite.status !== 'pending' || !(await revokeInvite(db, invite.id))) {
        throw conflict(`Only a pending invitation can be revoked; this one is ${await currentStatus(invite.id)}.`);
      }
      return { data: (await findInvite(db, invite.id))! };
    }
    // A new link for an admin invite is an admin's to hand out, like the first one.
    if (!mayInviteAs(caller, invite.role, project.company_id)) throw forbidden(ADMIN_ONLY);
    // The manufacturer's company may have come into being since: no new admin link into it.
    // (A used or withdrawn invite hears the 409 below instead.)
    const open = invite.status === 'pending' || invite.status === 'expired';
    const roleErrors = open ? await adminInviteErrors(db, { ...invite, project_company_id: project.company_id }) : {};
    // The list shows only the message, so it carries the reason itself.
    if (roleErrors.role) throw invalid(roleErrors, roleErrors.role[0]);
    // Pending or expired (both stored as pending) get a new link; accepted and revoked stay as they are.
    const resent = await resendInvite(db, invite.id);
    if (!resent) {
      throw conflict(`An invitation that is ${await currentStatus(invite.id)} cannot be sent again.`);
    }
    const { token, earlier } = resent;
    const undo = () => restoreEarlierLink(db, invite.id, token, earlier);
    return { data: await deliverInvite(deps, request.log, { id: invite.id, token, resent: true }, undo) };
  });

  /** Read again after a refused change: a concurrent request may have moved it on. */
  const currentStatus = async (id: number) => (await findInvite(db, id))!.status;
};
