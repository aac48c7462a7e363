import { INVITE_MAIL_FAILED, registerLink, type InviteSent } from '../../contract/invites';
import type { RouteDeps } from '../config';
import { HttpError } from '../http/errors';
import { inviteLetter } from '../mail/invite-letter';
import { newAccountCompany, registrationFor } from '../store/invite-companies';
import { findInvite } from '../store/invites';
import { findProject } from '../store/projects';

type Log = { error: (details: object, message: string) => void };

/**
 * Hands a new or resent invitation's link on. With a mail server it goes to the invitee only and
 * the answer carries no token, so the inviter cannot use the link in the invitee's name. Without
 * one the inviter gets it, this once, to pass on. A letter that cannot be sent runs `undo`
 * (nothing half-done stays: no unsent invite, a resend's earlier link back in force) and answers
 * 503: not the client's fault, and worth a retry.
 */
export async function deliverInvite(
  { db, config }: RouteDeps,
  log: Log,
  sent: { id: number; token: string; resent: boolean },
  undo: () => Promise<void>,
): Promise<InviteSent> {
  const invite = (await findInvite(db, sent.id))!;
  if (!config.mailer) return { ...invite, delivery: 'link', token: sent.token };

  const project = (await findProject(db, invite.project_id))!;
  const company = await newAccountCompany(db, invite, project.company_id);
  const letter = inviteLetter({
    email: invite.email,
    link: registerLink(config.publicUrl, sent.token),
    project: project.name,
    company: company.name,
    role: invite.role,
    registration: registrationFor(company.joins),
    invitedBy: invite.invited_by?.username ?? null,
    expiresAt: invite.expires_at,
    resent: sent.resent,
  });
  try {
    await config.mailer.send(letter);
  } catch (error) {
    log.error({ err: error, invite_id: invite.id }, 'the invitation email could not be sent');
    await undo();
    throw new HttpError(503, INVITE_MAIL_FAILED);
  }
  return { ...invite, delivery: 'email' };
}
