/**
 * The test model of the invite machine (`/register?token=…`): who opens the link, what the calls
 * can answer, and the paths through the machine that `xstate/graph` derives from them. Running a
 * path against the rendered screen lives in `invite.replay.tsx`.
 */
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, type AdjacencyMap, type StatePath, type TraversalOptions } from 'xstate/graph';
import { companyOnJigboard, INVITE_UNUSABLE_MESSAGES, type InvitePreview, type InviteRegisterResult } from '../../contract/invites';
import type { User } from '../../contract/users';
import {
  inviteMachine,
  type InviteFailure,
  type InviteInput,
  type RegisterDraft,
  type UnusableStatus,
} from '../../machines/invite.machine';

export type InviteSnapshot = SnapshotFrom<typeof inviteMachine>;
export type ModelEvent = AnyEventObject;
export type ModelPath = StatePath<InviteSnapshot, ModelEvent> & { edge: string; input: InviteInput };

/** The ids of the invokes in invite.machine.ts: the calls a path can resolve or reject. */
export const ACTOR_IDS = ['readInvite', 'register', 'accept'] as const;
export type ActorId = (typeof ACTOR_IDS)[number];

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

const EVENTS: ModelEvent[] = [
  ...Object.values(PREVIEWS).map((p) => done('readInvite', p)),
  error('readInvite', FAILURES.notFound),
  error('readInvite', FAILURES.network),
  { type: 'retry' },
  { type: 'register.submit', draft: VALID_DRAFT },
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
  { type: 'accept.submit' },
  done('accept', { project_id: 7 }),
  ...[FAILURES.otherEmail, FAILURES.network, FAILURES.used, FAILURES.revoked, FAILURES.expired].map((f) => error('accept', f)),
  { type: 'logout' },
];

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

export const describePath = (path: ModelPath) =>
  `[${Object.entries(VIEWERS).find(([, v]) => v === path.input)?.[0]}] ` +
  (path.steps
    .slice(1)
    .map((s) => describeEvent(s.event))
    .join(' → ') || '(start)');

function traversalOptions(input: InviteInput): TraversalOptions<InviteSnapshot, ModelEvent, InviteInput> {
  return {
    input,
    events: EVENTS,
    serializeState,
    serializeEvent: (event) => describeEvent(event) as never,
    // The screen offers only what the state takes: an event it cannot send is not a path.
    filterEvents: (snapshot, event) => snapshot.can(event as never),
  };
}

// The machine's event type does not list the synthetic done/error events: widen it once here.
const logic = inviteMachine as unknown as Parameters<typeof getShortestPaths>[0];

/**
 * For each viewer, one path per edge of the graph: the shortest way to its source state, then its
 * event. Together they take every transition the model knows.
 */
export function edgePaths(): ModelPath[] {
  return Object.values(VIEWERS).flatMap((input) => {
    const options = traversalOptions(input) as never;
    const heads = new Map(
      (getShortestPaths(logic, options) as StatePath<InviteSnapshot, ModelEvent>[]).map((p) => [serializeState(p.state), p]),
    );
    const adjacency = getAdjacencyMap(logic, options) as AdjacencyMap<InviteSnapshot, ModelEvent>;
    const paths: ModelPath[] = [];
    for (const [sourceKey, { transitions }] of Object.entries(adjacency)) {
      const head = heads.get(sourceKey);
      if (!head) throw new Error(`no shortest path to ${sourceKey}`);
      for (const [eventKey, t] of Object.entries(transitions) as [string, { event: ModelEvent; state: InviteSnapshot }][]) {
        paths.push({
          input,
          state: t.state,
          weight: head.weight + 1,
          steps: [...head.steps, { event: t.event, state: t.state }],
          edge: `${sourceKey} -- ${eventKey}`,
        });
      }
    }
    // A link without a token is a dead end from the start: a path of its own, with no step.
    for (const head of heads.values()) {
      if (head.steps.length === 1 && !Object.keys((adjacency as unknown as Record<string, { transitions: object }>)[serializeState(head.state)]?.transitions ?? {}).length) {
        paths.push({ ...head, input, edge: `${serializeState(head.state)} (start)` });
      }
    }
    return paths;
  });
}
