import type { Kysely } from 'kysely';
import {
  INVITE_UNKNOWN_MESSAGE,
  INVITE_UNUSABLE_MESSAGES,
  inviteRegisterInput,
  type InviteAcceptResult,
  type InvitePreview,
  type InviteRegisterResult,
} from '../../contract/invites';
import type { Caller } from '../auth/authenticate';
import { forgetUserSessions } from '../auth/session-cache';
import { issueToken } from '../auth/tokens';
import type { ResolvedConfig } from '../config';
import type { DB } from '../db/schema';
import { forbidden, HttpError, invalid, notFound } from '../http/errors';
import { parseInput } from '../http/validate';
import { ACCOUNT_EXISTS, acceptInvite, findAccountByEmail, registerByInvite } from '../store/invite-acceptance';
import { newAccountCompany, registrationFor } from '../store/invite-companies';
import { findInviteByToken, rereadInvite, statusOf, type InviteRecord } from '../store/invites';
import { findProject } from '../store/projects';
import { findUser, takenUserFields } from '../store/users';
import { assertRegistrationOpen, refusedRegistration } from './invite-registration';

/** The invite a link's token names, or the 404 every unknown (or missing) token gets. */
async function inviteOfLink(db: Kysely<DB>, token: string | undefined): Promise<InviteRecord> {
  const invite = token ? await findInviteByToken(db, token) : undefined;
  if (!invite) throw notFound(INVITE_UNKNOWN_MESSAGE);
  return invite;
}

/** 410 with the words for why the link no longer works (used, withdrawn, expired). */
function gone(invite: InviteRecord): HttpError {
  const status = statusOf(invite);
  const message = status === 'pending' ? INVITE_UNUSABLE_MESSAGES.accepted : INVITE_UNUSABLE_MESSAGES[status];
  return new HttpError(410, message);
}

/** A token that lost a race: read again, so the 410 says what happened to it. */
const goneNow = async (db: Kysely<DB>, invite: InviteRecord) => gone(await rereadInvite(db, invite));

/**
 * What a link is for. Nothing here tells whether the email has an account: the inviter must not
 * learn it by opening the link. Registering with a taken email says so (422) to whoever holds it.
 */
export async function previewInvite(db: Kysely<DB>, token: string | undefined): Promise<InvitePreview> {
  const invite = await inviteOfLink(db, token);
  const project = (await findProject(db, invite.project_id))!;
  const inviter = invite.invited_by === null ? undefined : await findUser(db, invite.invited_by);
  const company = await newAccountCompany(db, invite, project.company_id);
  return {
    status: statusOf(invite),
    email: invite.email,
    role: invite.role as InvitePreview['role'],
    // Into a manufacturer's existing company nobody registers: the page offers the login only.
    registration: registrationFor(company.joins),
    project: { id: project.id, name: project.name },
    company: { id: company.id, name: company.name },
    invited_by: inviter?.username ?? null,
    expires_at: invite.expires_at,
  };
}

/** The open invite of a link, and its project, or the 404/410 that says why not. */
export async function pendingInvite(db: Kysely<DB>, token: string | undefined) {
  const invite = await inviteOfLink(db, token);
  if (statusOf(invite) !== 'pending') throw gone(invite);
  return { invite, project: (await findProject(db, invite.project_id))! };
}

/** The logged-in invitee takes the invitation: read access to the project, roles unchanged. */
export async function acceptInviteAs(db: Kysely<DB>, token: string | undefined, caller: Caller): Promise<InviteAcceptResult> {
  const { invite, project } = await pendingInvite(db, token);
  if (caller.email.toLowerCase() !== invite.email.toLowerCase()) {
    throw forbidden('This invitation was sent to another email address.');
  }
  if (!(await acceptInvite(db, invite, project.company_id, caller))) throw await goneNow(db, invite);
  // The joined project must open on the very next request.
  forgetUserSessions(db, caller.id);
  return { project_id: project.id };
}

/**
 * A new account through the link, logged in at once. The order of answers is the page's: a used
 * link (410), then a company that takes no registrations (409), then the form's own errors (422).
 */
export async function registerThroughInvite(
  db: Kysely<DB>,
  config: Pick<ResolvedConfig, 'tokenTtlMs'>,
  token: string | undefined,
  form: unknown,
): Promise<InviteRegisterResult> {
  const { invite, project } = await pendingInvite(db, token);
  await assertRegistrationOpen(db, invite, project.company_id);
  const input = parseInput(inviteRegisterInput, form);
  const errors = await takenUserFields(db, { username: input.username });
  if (input.email !== undefined && input.email.toLowerCase() !== invite.email.toLowerCase()) {
    errors.email = ['Register with the email address the invitation was sent to.'];
  } else if (await findAccountByEmail(db, invite.email)) {
    errors.email = [ACCOUNT_EXISTS];
  }
  if (Object.keys(errors).length) {
    // The account may be the one a concurrent request just made with this very token.
    const fresh = await rereadInvite(db, invite);
    if (statusOf(fresh) !== 'pending') throw gone(fresh);
    throw invalid(errors);
  }

  const registered = await registerByInvite(db, invite, project.company_id, input);
  if (!('userId' in registered)) throw await refusedRegistration(registered, () => goneNow(db, invite));
  const { token: login, expires_at } = await issueToken(db, registered.userId, config.tokenTtlMs);
  const user = (await findUser(db, registered.userId))!;
  return { type: 'Bearer', token: login, expires_at, user, project_id: project.id };
}
