import type { Kysely } from 'kysely';
import type { Page } from '../../contract/envelope';
import type { FieldErrors } from '../../contract/errors';
import type { Invite, InviteCreateInput, InviteListQuery, InviteSent, InviteUpdateInput } from '../../contract/invites';
import { mayInviteAs, type Principal } from '../../contract/permissions';
import type { Project } from '../../contract/projects';
import type { RouteDeps } from '../config';
import type { DB } from '../db/schema';
import { conflict, forbidden, invalid } from '../http/errors';
import { alreadySeesProject, findAccountByEmail } from '../store/invite-acceptance';
import {
  createInvite,
  deleteUnsentInvite,
  findInvite,
  findOpenInviteFor,
  listInvites,
  resendInvite,
  restoreEarlierLink,
  revokeInvite,
  statusOf,
} from '../store/invites';
import { findManufacturer } from '../store/manufacturers';
import { deliverInvite } from './invite-delivery';
import { adminInviteErrors } from './invite-roles';

type Log = Parameters<typeof deliverInvite>[1];
const ADMIN_ONLY = 'Only an admin may invite someone as an admin.';

/** A project's invitations, searched and filtered by status (expired is computed, not stored). */
export const invitesOfProject = (db: Kysely<DB>, projectId: number, list: InviteListQuery): Promise<Page<Invite>> =>
  listInvites(db, projectId, list, new Date().toISOString());

/** What stands in the way of this invitation, per field. */
async function inviteErrors(db: Kysely<DB>, project: Project, input: InviteCreateInput): Promise<FieldErrors> {
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
  return errors;
}

/** Invites someone into a project and hands the link on (by email, or once to the inviter). */
export async function inviteToProject(
  deps: RouteDeps,
  log: Log,
  caller: Principal,
  project: Project,
  input: InviteCreateInput,
): Promise<InviteSent> {
  const { db } = deps;
  if (!mayInviteAs(caller, input.role, project.company_id)) throw forbidden(ADMIN_ONLY);
  const errors = await inviteErrors(db, project, input);
  if (Object.keys(errors).length) throw invalid(errors);
  const { id, token } = await createInvite(db, {
    project_id: project.id,
    email: input.email,
    role: input.role,
    manufacturer_id: input.manufacturer_id ?? null,
    invited_by: caller.id,
  });
  return deliverInvite(deps, log, { id, token, resent: false }, () => deleteUnsentInvite(db, id, token));
}

/** Revokes a pending invitation, or sends it again with a new link. */
export async function changeInvite(
  deps: RouteDeps,
  log: Log,
  caller: Principal,
  { invite, project }: { invite: Invite; project: Project },
  { action }: InviteUpdateInput,
): Promise<Invite | InviteSent> {
  const { db } = deps;
  /** Read again after a refused change: a concurrent request may have moved it on. */
  const currentStatus = async () => (await findInvite(db, invite.id))!.status;

  if (action === 'revoke') {
    if (invite.status !== 'pending' || !(await revokeInvite(db, invite.id))) {
      throw conflict(`Only a pending invitation can be revoked; this one is ${await currentStatus()}.`);
    }
    return (await findInvite(db, invite.id))!;
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
  if (!resent) throw conflict(`An invitation that is ${await currentStatus()} cannot be sent again.`);
  const { token, earlier } = resent;
  const undo = () => restoreEarlierLink(db, invite.id, token, earlier);
  return deliverInvite(deps, log, { id: invite.id, token, resent: true }, undo);
}
