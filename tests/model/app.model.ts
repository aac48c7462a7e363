/**
 * The test model of the root machine: the events a user (and the invoked calls) can produce and
 * how a snapshot is named. The harness derives the paths; expectations live in `app.oracle.ts`.
 */
import type { SnapshotFrom } from 'xstate';
import type { RoleSlug } from '../../contract/roles';
import type { User } from '../../contract/users';
import { appMachine, type Session } from '../../machines/app.machine';
import type { Model, ModelEvent, ModelPath } from './harness';

export type AppSnapshot = SnapshotFrom<typeof appMachine>;
export type AppPath = ModelPath<AppSnapshot>;
export type { ModelEvent };

type ActorId = 'loadStoredAuth' | 'login' | 'logout';

const company = { id: 3, name: 'Acme Test Jigs', type: 'customer' as const };
function makeUser(id: number, username: string, slug: RoleSlug): User {
  return {
    id,
    username,
    email: `${username}@example.com`,
    company_id: company.id,
    company,
    role_ids: [slug === 'superadmin' ? 1 : 3],
    roles: [{ id: slug === 'superadmin' ? 1 : 3, slug, name: slug }],
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  };
}
export const engineerSession: Session = {
  token: { type: 'Bearer', token: 'tok-engineer' },
  user: makeUser(11, 'acme-engineer', 'engineer'),
};
/** An operator alone: home is the station (walked in its own journeys, not the whole graph). */
export const operatorSession: Session = {
  token: { type: 'Bearer', token: 'tok-operator' },
  user: makeUser(12, 'acme-operator', 'operator'),
};
export const superadminSession: Session = {
  token: { type: 'Bearer', token: 'tok-admin' },
  user: makeUser(1, 'admin', 'superadmin'),
};

export const NO_CREDENTIALS = new Error('No credentials available.');
export const INVALID_TOKEN = new Error('Invalid token.');
export const WRONG_PASSWORD = new Error('Wrong username or password.');
export const NETWORK_ERROR = new Error('Network Error');

/** Allowed and redirected targets for each kind of user, with and without a query string. */
export const NAV_TARGETS = ['/dashboard', '/manage/companies', '/login', '/users/5', '/register?token=abc'] as const;

export const LOGIN_SUBMIT = { type: 'login.submit', username: 'acme-engineer', password: 'jigboard-demo' };

/** What a screen with unsaved input says when it blocks leaving. */
export const BLOCK_REASON = 'Your changes to this user are not saved yet.';

/** A new account signed in after registering by invitation: the project it joined, or a redirect. */
export const SESSION_STARTS: ModelEvent[] = [
  { type: 'session.started', session: engineerSession, to: '/projects/7' },
  { type: 'session.started', session: engineerSession, to: '/manage/companies' },
  { type: 'session.started', session: superadminSession, to: '/manage/companies' },
];

/** Another tab logged out, or had its token refused. */
export const SESSION_ENDS: ModelEvent[] = [
  { type: 'session.ended', reason: 'logout' },
  { type: 'session.ended', reason: 'expired' },
];

/** Another tab logged in. */
export const SESSION_RESTORED: ModelEvent = { type: 'session.restored', session: engineerSession };

const done = (id: ActorId, output?: unknown): ModelEvent => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: ActorId, err: Error): ModelEvent => ({ type: `xstate.error.actor.${id}`, error: err });

const withRole = (user: User, slug: RoleSlug): User => ({
  ...user,
  roles: [{ id: slug === 'superadmin' ? 1 : 3, slug, name: slug }],
  role_ids: [slug === 'superadmin' ? 1 : 3],
});
export const isSuperadmin = (user: User) => user.roles.some((r) => r.slug === 'superadmin');

const STATIC_EVENTS: ModelEvent[] = [
  ...NAV_TARGETS.flatMap((to) => [
    { type: 'nav.request', to },
    { type: 'nav.popstate', to },
  ]),
  { type: 'nav.request', to: '/users/5', replace: true },
  // A table's next page on the page that blocks: the same page, so no question.
  { type: 'nav.request', to: '/users/5?page=2' },
  LOGIN_SUBMIT,
  ...SESSION_STARTS,
  { type: 'logout' },
  { type: 'session.expired' },
  // What another tab of the browser tells this one.
  ...SESSION_ENDS,
  SESSION_RESTORED,
  { type: 'nav.block', reason: BLOCK_REASON },
  { type: 'nav.unblock' },
  { type: 'leave.confirm' },
  { type: 'leave.cancel' },
  done('loadStoredAuth', engineerSession),
  done('loadStoredAuth', superadminSession),
  error('loadStoredAuth', NO_CREDENTIALS),
  error('loadStoredAuth', INVALID_TOKEN),
  done('login', engineerSession),
  done('login', superadminSession),
  error('login', WRONG_PASSWORD),
  done('logout'),
  error('logout', NETWORK_ERROR),
];

/**
 * While a screen blocks leaving, one target every user may open and one a company user is
 * redirected from are enough: each more multiplies the questions the model can be asked.
 */
const BLOCKED_TARGETS: readonly string[] = ['/users/5', '/users/5?page=2', '/manage/companies'];
const BLOCKED_EVENTS = STATIC_EVENTS.filter(
  (e) => !(e.type === 'nav.request' || e.type === 'nav.popstate') || BLOCKED_TARGETS.includes(e.to),
);

/** Every event offered in a snapshot; profile updates are built from the signed-in user. */
export function eventsFor(snapshot: AppSnapshot): ModelEvent[] {
  const session = snapshot.context.session;
  if (!session) return STATIC_EVENTS;
  const { user } = session;
  return [
    ...(snapshot.context.block ? BLOCKED_EVENTS : STATIC_EVENTS),
    // The profile edited (same roles), and the roles changed (promoted / demoted).
    { type: 'user.updated', user: { ...user, email: `new-${user.username}@example.com` } },
    { type: 'user.updated', user: withRole(user, isSuperadmin(user) ? 'engineer' : 'superadmin') },
  ];
}

/** The state's name with its substate: 'loggedIn.confirmingLeave', 'loggedOut'. */
export function stateName(snapshot: AppSnapshot): string {
  const name = (value: unknown): string =>
    typeof value === 'string' ? value : Object.entries(value as object).map(([k, v]) => `${k}.${name(v)}`)[0];
  return name(snapshot.value);
}

/** The parts of a snapshot that matter; the full user would make every profile edit a new state. */
export function serializeState(snapshot: AppSnapshot): string {
  const { context } = snapshot;
  const user = context.session?.user;
  return JSON.stringify({
    value: stateName(snapshot),
    user: user ? `${user.username}[${user.roles.map((r) => r.slug).join(',')}]` : null,
    location: context.location,
    afterLogin: context.afterLogin,
    loginError: context.loginError,
    block: context.block,
    pendingLeave: context.pendingLeave,
    notice: context.notice?.reason ?? null,
  });
}

/** A short, unique name for an event: used as the graph's event key and in test titles. */
export function describeEvent(event: ModelEvent): string {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (m?.[1] === 'done') {
    const user = (event.output as Session | undefined)?.user;
    return `${m[2]} ok${user ? ` (${user.username})` : ''}`;
  }
  if (m?.[1] === 'error') return `${m[2]} failed (${(event.error as Error).message})`;
  switch (event.type) {
    case 'nav.request':
      return `nav.request ${event.to}${event.replace ? ' (replace)' : ''}`;
    case 'nav.popstate':
      return `nav.popstate ${event.to}`;
    case 'session.started':
      return `session.started ${(event.session as Session).user.username} → ${event.to}`;
    case 'session.ended':
      return `session.ended (${event.reason})`;
    case 'session.restored':
      return `session.restored ${(event.session as Session).user.username}`;
    case 'user.updated': {
      const user = event.user as User;
      return `user.updated ${user.username} [${user.roles.map((r) => r.slug).join(',')}] ${user.email}`;
    }
    default:
      return event.type;
  }
}

export function describeState(snapshot: AppSnapshot): string {
  const { context } = snapshot;
  const user = context.session?.user;
  const who = user ? ` as ${user.username} [${user.roles.map((r) => r.slug).join(',')}]` : '';
  const pending = context.pendingLeave;
  const extra = [
    context.afterLogin && `afterLogin ${context.afterLogin}`,
    context.loginError && `error "${context.loginError}"`,
    context.block && 'blocked',
    pending && `asking before ${pending.type}${'to' in pending ? ` ${pending.to}` : ''}`,
    context.notice && `notice ${context.notice.reason}`,
  ]
    .filter(Boolean)
    .join(', ');
  return `${stateName(snapshot)}${who} at ${context.location}${extra ? ` (${extra})` : ''}`;
}

/** The app starts at `/`: the start-up redirect is part of every path. */
export const START_LOCATION = '/';

/** The root machine's model for the harness: one start, every event offered everywhere. */
export const appModel: Model<AppSnapshot> = {
  machine: appMachine,
  inputs: { 'at /': { location: START_LOCATION } },
  events: eventsFor,
  serializeState,
  describeEvent,
  effects: ['storeSession', 'clearStoredAuth', 'broadcastSessionEnd', 'syncUrl', 'warn'],
};

/**
 * The session life cycle: start-up, login, logout, expiry, registering and another tab's logout,
 * without navigation and profile edits (or the simple paths run into the thousands); one way to
 * register and one way another tab ends the session are enough, and another tab's login is left
 * to the edge paths (which take every event from every state): with it the paths grow by 1.7.
 */
export const sessionEvents = (snapshot: AppSnapshot) =>
  eventsFor(snapshot).filter(
    (e) =>
      !e.type.startsWith('nav.') &&
      e.type !== 'user.updated' &&
      e.type !== 'session.restored' &&
      (e.type !== 'session.started' || e === SESSION_STARTS[0]) &&
      (e.type !== 'session.ended' || e === SESSION_ENDS[0]),
  );

/**
 * The graph of the session life cycles tells states apart by the session only: the notice (what
 * the screen says about it) would multiply the simple paths by four. Its states are one snapshot
 * for many: walk a path planned on it by its events (`pathOfEvents` on `appModel`).
 */
export const sessionModel: Model<AppSnapshot> = {
  ...appModel,
  serializeState: (snapshot) => {
    const { notice: _notice, ...rest } = JSON.parse(serializeState(snapshot)) as Record<string, unknown>;
    return JSON.stringify(rest);
  },
};
