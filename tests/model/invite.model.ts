/**
 * The test model of the invite machine (`/register?token=…`): who opens the link, what the calls
 * can answer, and how a snapshot is named. The harness derives the paths; `invite.oracle.ts`
 * says what each step must do and `invite.screen.tsx` what the register screen must show.
 */
import type { SnapshotFrom } from 'xstate';
import { companyOnJigboard, INVITE_UNUSABLE_MESSAGES, type InvitePreview, type InviteRegisterResult } from '../../contract/invites';
import type { User } from '../../contract/users';
import {
  inviteMachine,
  type InviteFailure,
  type InviteInput,
  type RegisterDraft,
  type UnusableStatus,
} from '../../machines/invite.machine';
import type { Model, ModelEvent, ModelPath } from './harness';

export type InviteSnapshot = SnapshotFrom<typeof inviteMachine>;
export type InvitePath = ModelPath<InviteSnapshot>;
export type { ModelEvent };

type ActorId = 'readInvite' | 'register' | 'accept';

export const TOKEN = 'tok_Ab-9+/=';
export const INVITED_EMAIL = 'new.person@example.com';

/** Everyone who may open a link: nobody with no token, logged out, the invitee (other case), someone else. */
export const VIEWERS: Record<string, InviteInput> = {
  'no token': { token: null, viewer: null },
  'logged out': { token: TOKEN, viewer: null },
  invitee: { token: TOKEN, viewer: { email: 'New.Person@Example.com' } },
  'someone else': { token: TOKEN, viewer: { email: 'someone.else@example.com' } },
};

const preview = (patch: Partial<InvitePreview>): InvitePreview => ({
  status: 'pending',
  email: INVITED_EMAIL,
  role: 'engineer',
  registration: 'open',
  project: { id: 7, name: 'Motor controller MC-200' },
  company: { id: 4, name: 'Voltline Assembly' },
  invited_by: 'acme-engineer',
  expires_at: '2030-01-08T10:00:00.000Z',
  ...patch,
});

export const PREVIEWS: Record<string, InvitePreview> = {
  'pending, new': preview({}),
  // Naming a manufacturer whose company exists by now: no new account, only log in and accept.
  'pending, existing company': preview({ role: 'viewer', registration: 'existing_company' }),
  accepted: preview({ status: 'accepted' }),
  revoked: preview({ status: 'revoked' }),
  expired: preview({ status: 'expired' }),
};

export const VALID_DRAFT: RegisterDraft = { username: 'new.person', password: 'a-long-password-1', password_confirmation: 'a-long-password-1' };

const newUser: User = {
  id: 40,
  username: VALID_DRAFT.username,
  email: INVITED_EMAIL,
  company_id: 4,
  company: { id: 4, name: 'Voltline Assembly', type: 'manufacturer' },
  role_ids: [3],
  roles: [{ id: 3, slug: 'engineer', name: 'Engineer' }],
  created_at: '2030-01-01T10:00:00.000Z',
  updated_at: '2030-01-01T10:00:00.000Z',
};
export const REGISTERED: InviteRegisterResult = {
  type: 'Bearer',
  token: 'login-token',
  expires_at: '2030-01-08T10:00:00.000Z',
  user: newUser,
  project_id: 7,
};

const failure = (status: number, message: string, fieldErrors: Record<string, string[]> = {}): InviteFailure => ({
  status,
  message,
  fieldErrors,
});
const gone = (status: UnusableStatus): InviteFailure => ({ ...failure(410, INVITE_UNUSABLE_MESSAGES[status]), gone: status });

export const FAILURES = {
  notFound: failure(404, 'This invitation link is not valid.'),
  network: failure(0, 'Cannot reach the server. Check your connection and try again.'),
  usernameTaken: failure(422, 'Some fields need attention.', { username: ['This username is taken.'] }),
  emailTaken: failure(422, 'Some fields need attention.', {
    email: ['An account with this email exists: log in and accept the invitation.'],
  }),
  otherEmail: failure(403, 'This invitation was sent to another email address.'),
  // The manufacturer's company came into being after the page was read (a name unlike the preview's).
  existingCompany: failure(409, companyOnJigboard('Voltline Assembly (manufacturer 4)')),
  used: gone('accepted'),
  revoked: gone('revoked'),
  expired: gone('expired'),
} satisfies Record<string, InviteFailure>;

const done = (id: ActorId, output: unknown): ModelEvent => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: ActorId, err: InviteFailure): ModelEvent => ({ type: `xstate.error.actor.${id}`, error: err });

/** Every answer a call can give; the harness offers one only while its call runs. */
const ANSWERS: ModelEvent[] = [
  ...Object.values(PREVIEWS).map((p) => done('readInvite', p)),
  error('readInvite', FAILURES.notFound),
  error('readInvite', FAILURES.network),
  done('register', REGISTERED),
  ...[
    FAILURES.usernameTaken,
    FAILURES.emailTaken,
    FAILURES.existingCompany,
    FAILURES.network,
    FAILURES.used,
    FAILURES.revoked,
    FAILURES.expired,
  ].map((f) => error('register', f)),
  done('accept', { project_id: 7 }),
  ...[FAILURES.otherEmail, FAILURES.network, FAILURES.used, FAILURES.revoked, FAILURES.expired].map((f) => error('accept', f)),
];

/**
 * What the register screen lets a person do in each state (its buttons, per the SPEC), not what
 * the machine happens to take: a state that stopped taking one fails its step in the oracle.
 */
const SCREEN_EVENTS: Record<string, ModelEvent[]> = {
  readFailed: [{ type: 'retry' }],
  register: [{ type: 'register.submit', draft: VALID_DRAFT }],
  accept: [{ type: 'accept.submit' }],
  wrongAccount: [{ type: 'logout' }],
};

/** A short, unique name for an event: the graph's event key and the test titles. */
export function describeEvent(event: ModelEvent): string {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (m?.[1] === 'done') {
    const p = event.output as Partial<InvitePreview>;
    const existing = p.registration === 'existing_company' ? ', existing company' : '';
    return `${m[2]} ok${p.status ? ` (${p.status}${existing})` : ''}`;
  }
  if (m?.[1] === 'error') {
    const f = event.error as InviteFailure;
    return `${m[2]} failed (${f.status}${f.gone ? ` ${f.gone}` : ''}${Object.keys(f.fieldErrors).length ? ` ${Object.keys(f.fieldErrors)}` : ''})`;
  }
  return event.type;
}

/** Everything of a snapshot the screen depends on; the context is finite, so all of it. */
export function serializeState(snapshot: InviteSnapshot): string {
  const { value, context } = snapshot;
  return JSON.stringify({
    value,
    viewer: context.viewer?.email ?? null,
    invite: context.invite && `${context.invite.status} as ${context.invite.role} (registration ${context.invite.registration})`,
    failure: context.failure && describeEvent({ type: 'xstate.error.actor.x', error: context.failure }),
    draft: context.draft.username,
    projectId: context.projectId,
  });
}

/** The invite machine's model: a start per kind of visitor, and only what the screen offers. */
export const inviteModel: Model<InviteSnapshot> = {
  machine: inviteMachine,
  inputs: VIEWERS,
  events: (snapshot) => [...(SCREEN_EVENTS[String(snapshot.value)] ?? []), ...ANSWERS],
  serializeState,
  describeEvent,
  effects: ['startSession', 'openProject', 'logOut'],
};
