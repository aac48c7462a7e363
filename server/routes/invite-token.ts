import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { One } from '../../contract/envelope';
import {
  INVITE_UNKNOWN_MESSAGE,
  INVITE_UNUSABLE_MESSAGES,
  inviteRegisterInput,
  type InviteAcceptResult,
  type InvitePreview,
  type InviteRegisterResult,
} from '../../contract/invites';
import { authenticate } from '../auth/authenticate';
import { forgetUserSessions } from '../auth/session-cache';
import { issueToken } from '../auth/tokens';
import type { RouteDeps } from '../config';
import type { DB } from '../db/schema';
import { forbidden, HttpError, invalid, notFound, unauthorized } from '../http/errors';
import { parseInput } from '../http/validate';
import { ACCOUNT_EXISTS, acceptInvite, findAccountByEmail, registerByInvite } from '../store/invite-acceptance';
import { assertRegistrationOpen, refusedRegistration } from '../services/invite-registration';
import { newAccountCompany, registrationFor } from '../store/invite-companies';
import { findInviteByToken, rereadInvite, statusOf, type InviteRecord } from '../store/invites';
import { findProject } from '../store/projects';
import { findUser, takenUserFields } from '../store/users';

type WithToken = { Querystring: { token?: unknown } };

/** The invite a link's token names, or the 404 every unknown (or missing) token gets. */
async function inviteOfLink(db: Kysely<DB>, request: FastifyRequest<WithToken>): Promise<InviteRecord> {
  const token = request.query.token;
  const invite = typeof token === 'string' && token.length > 0 ? await findInviteByToken(db, token) : undefined;
  if (!invite) throw notFound(INVITE_UNKNOWN_MESSAGE);
  return invite;
}

/** 410 with the words for why the link no longer works (used, withdrawn, expired). */
function gone(invite: InviteRecord): HttpError {
  const status = statusOf(invite);
  const message = status === 'pending' ? INVITE_UNUSABLE_MESSAGES.accepted : INVITE_UNUSABLE_MESSAGES[status];
  return new HttpError(410, message);
}

/**
 * Public: what an invitation link is for (GET), and using it (POST): with a body, register a new
 * account and log it in; without one, accept as the user whose login the request carries.
 */
export const inviteTokenRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  /** A token that lost a race: read again, so the 410 says what happened to it. */
  const goneNow = async (invite: InviteRecord) => gone(await rereadInvite(db, invite));

  app.get<WithToken>('/invites', async (request): Promise<One<InvitePreview>> => {
    const invite = await inviteOfLink(db, request);
    const project = (await findProject(db, invite.project_id))!;
    const inviter = invite.invited_by === null ? undefined : await findUser(db, invite.invited_by);
    const company = await newAccountCompany(db, invite, project.company_id);
    // Nothing here tells whether the email has an account: the inviter must not learn it by
    // opening the link. Registering with a taken email says so (422) to whoever holds the link.
    return {
      data: {
        status: statusOf(invite),
        email: invite.email,
        role: invite.role as InvitePreview['role'],
        // Into a manufacturer's existing company nobody registers: the page offers the login only.
        registration: registrationFor(company.joins),
        project: { id: project.id, name: project.name },
        company: { id: company.id, name: company.name },
        invited_by: inviter?.username ?? null,
        expires_at: invite.expires_at,
      },
    };
  });

  app.post<WithToken>('/invites', async (request, reply) => {
    const invite = await inviteOfLink(db, request);
    if (statusOf(invite) !== 'pending') throw gone(invite);
    const project = (await findProject(db, invite.project_id))!;

    if (request.body === undefined || request.body === null) {
      // Accepting: this route is public, so it checks the login itself, with the same hook.
      if (!request.headers.authorization) {
        throw unauthorized('Log in to accept this invitation, or register a new account.');
      }
      await authenticate(db)(request);
      const { caller } = request;
      if (caller.email.toLowerCase() !== invite.email.toLowerCase()) {
        throw forbidden('This invitation was sent to another email address.');
      }
      if (!(await acceptInvite(db, invite, project.company_id, caller))) throw await goneNow(invite);
      // The joined project must open on the very next request.
      forgetUserSessions(db, caller.id);
      return { data: { project_id: project.id } } satisfies One<InviteAcceptResult>;
    }

    await assertRegistrationOpen(db, invite, project.company_id);
    const input = parseInput(inviteRegisterInput, request.body);
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
    if (!('userId' in registered)) throw await refusedRegistration(registered, () => goneNow(invite));
    const { userId } = registered;
    const { token, expires_at } = await issueToken(db, userId, config.tokenTtlMs);
    reply.status(201);
    const user = (await findUser(db, userId))!;
    return { data: { type: 'Bearer', token, expires_at, user, project_id: project.id } } satisfies One<InviteRegisterResult>;
  });
};
