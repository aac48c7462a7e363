/**
 * What SPEC §2, §4, §6 and §8 (and the notices of machines/notices.ts) say must happen on each step, written
 * independently of the machine's code: the expected locations and notices are hand-written
 * tables, not the guard's answer.
 */
import { expect } from 'vitest';
import type { LoginInput, StoredToken } from '../../contract/auth';
import type { User } from '../../contract/users';
import type { Session } from '../../machines/app.machine';
import { guard, matchRoute } from '../../machines/guard';
import { isSuperadmin, START_LOCATION, stateName, type AppSnapshot, type ModelEvent } from './app.model';
import type { Effects as Recorded, Oracle } from './harness';

export type Kind = 'out' | 'engineer' | 'superadmin' | 'operator';
export const kindOfUser = (user: User | null | undefined): Kind =>
  !user ? 'out' : isSuperadmin(user) ? 'superadmin' : user.roles.every((r) => r.slug === 'operator') ? 'operator' : 'engineer';
const kindOf = (s: AppSnapshot) => kindOfUser(s.context.session?.user);

/** Where each location leads for each kind of user (SPEC §2 guard, §6 roles). */
const EXPECTED_LOCATION: Record<string, Record<Kind, string>> = {
  // Home: an operator alone works at a jig.
  '/': { out: '/login', engineer: '/dashboard', superadmin: '/dashboard', operator: '/station' },
  '/dashboard': { out: '/login', engineer: '/dashboard', superadmin: '/dashboard', operator: '/dashboard' },
  '/manage/companies': { out: '/login', engineer: '/dashboard', superadmin: '/manage/companies', operator: '/station' },
  '/login': { out: '/login', engineer: '/dashboard', superadmin: '/dashboard', operator: '/station' },
  '/users/5': { out: '/login', engineer: '/users/5', superadmin: '/users/5', operator: '/users/5' },
  '/users/5?page=2': { out: '/login', engineer: '/users/5?page=2', superadmin: '/users/5?page=2', operator: '/users/5?page=2' },
  '/register?token=abc': { out: '/register?token=abc', engineer: '/register?token=abc', superadmin: '/register?token=abc', operator: '/register?token=abc' },
  '/projects/7': { out: '/login', engineer: '/projects/7', superadmin: '/projects/7', operator: '/projects/7' },
  '/station': { out: '/login', engineer: '/station', superadmin: '/dashboard', operator: '/station' },
};
/** Where a logged-out user sent to login wanted to go (to return there after login); `/` is home, whoever logs in. */
const EXPECTED_REMEMBER: Record<string, string | null> = {
  '/': '/',
  '/dashboard': '/dashboard',
  '/manage/companies': '/manage/companies',
  '/login': null,
  '/users/5': '/users/5',
  '/users/5?page=2': '/users/5?page=2',
  '/register?token=abc': null,
  '/projects/7': '/projects/7',
  '/station': '/station',
};

/** The words the screen shows for each notice, written out here, not imported. */
const NOTICE_TEXT = {
  adminOnly: "The management area is for Jigboard's administrators.",
  roleMissing: 'Your role does not open that screen.',
  sessionExpired: 'Your session has ended. Log in again to continue.',
  loggedOutElsewhere: 'You logged out in another tab.',
} as const;
type Reason = keyof typeof NOTICE_TEXT;
type ShownNotice = { reason: Reason; text: string } | null;
const shown = (reason: Reason): ShownNotice => ({ reason, text: NOTICE_TEXT[reason] });

/** The locations a user is sent away from with a reason: a company user asking for /manage. */
const EXPECTED_REDIRECT_NOTICE: Record<string, Partial<Record<Kind, Reason>>> = {
  '/manage/companies': { engineer: 'adminOnly', operator: 'adminOnly' },
  '/station': { superadmin: 'roleMissing' },
};

/** The path of a location, by the URL standard (not the app's own splitting). */
const pathOf = (location: string) => new URL(location, 'http://jigboard.test').pathname;

/**
 * What the screen says after asking for `to` from `prev`: the reason of a redirect that has one;
 * else the old notice while the screen (path) stays, nothing on another screen.
 */
function expectedNotice(prev: AppSnapshot['context'], to: string, kind: Kind): ShownNotice {
  const reason = EXPECTED_REDIRECT_NOTICE[to]?.[kind];
  if (reason) return shown(reason);
  return pathOf(expectedLocation(to, kind)) === pathOf(prev.location) ? prev.notice : null;
}

export function expectedLocation(to: string, kind: Kind): string {
  const row = EXPECTED_LOCATION[to];
  if (!row) throw new Error(`oracle has no row for ${to}: add it to EXPECTED_LOCATION`);
  return row[kind];
}

/** The side effects one step caused. */
export type Effects = {
  storeSession: Session[];
  clearStoredAuth: number;
  /** What this tab told the other tabs about how its session ended. */
  broadcastSessionEnd: string[];
  /** The `replace` flag of each URL update. */
  syncUrl: boolean[];
  warn: unknown[][];
  loadStoredAuth: number;
  login: LoginInput[];
  logout: { token: StoredToken }[];
};

export const noEffects = (): Effects => ({
  storeSession: [],
  clearStoredAuth: 0,
  broadcastSessionEnd: [],
  syncUrl: [],
  warn: [],
  loadStoredAuth: 0,
  login: [],
  logout: [],
});

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error ?? ''));

/** The harness's record of a step, in the terms the SPEC talks about. */
export function appEffects(e: Recorded): Effects {
  return {
    storeSession: e.storeSession.map((p) => (p as { session: Session }).session),
    clearStoredAuth: e.clearStoredAuth.length,
    broadcastSessionEnd: e.broadcastSessionEnd.map((p) => (p as { reason: string }).reason),
    syncUrl: e.syncUrl.map((p) => (p as { replace: boolean }).replace),
    warn: e.warn.map((p) => {
      const { message, error } = p as { message: string; error?: unknown };
      return [message, messageOf(error)];
    }),
    loadStoredAuth: e.loadStoredAuth.length,
    login: e.login as LoginInput[],
    logout: e.logout as { token: StoredToken }[],
  };
}

const LOGGED_OUT = ['starting', 'loggedOut', 'loggingIn'];
const BROWSING = 'loggedIn.browsing';
const ASKING = 'loggedIn.confirmingLeave';
const isLoggedIn = (s: AppSnapshot) => stateName(s).startsWith('loggedIn.');

/** Holds in every snapshot the app can be in. */
export function checkInvariants(s: AppSnapshot) {
  const { context } = s;
  const name = stateName(s);
  expect(s.status, 'the root actor must never stop').toBe('active');
  expect(['starting', 'loggedOut', 'loggingIn', BROWSING, ASKING, 'loggingOut']).toContain(name);
  if (LOGGED_OUT.includes(name)) expect(context.session).toBeNull();
  else expect(context.session).not.toBeNull();
  if (name === 'loggedOut' || name === 'loggingIn') {
    // A logged-out user only ever sees a public screen.
    expect(matchRoute(context.location).route.requiresAuth, context.location).toBe(false);
  }
  if (context.session) {
    // A signed-in user only ever sees a screen the guard allows for their roles.
    expect(guard(context.location, null, context.session.user).kind, context.location).toBe('allow');
  }
  if (context.loginError !== null) expect(name).toBe('loggedOut');
  expect(s.hasTag('busy')).toBe(['starting', 'loggingIn', 'loggingOut'].includes(name));
  // A block belongs to a signed-in screen; a question is asked only while one is set.
  if (!isLoggedIn(s)) expect(context.block).toBeNull();
  expect(context.pendingLeave !== null, 'a pending leave exactly while asking').toBe(name === ASKING);
  if (name === ASKING) expect(context.block).not.toBeNull();
  // A notice is one of the three, word for word; a session's end is told on the login
  // screen only, a company user kept out of /manage only while signed in.
  const notice = context.notice;
  if (notice) {
    expect(notice).toEqual(shown(notice.reason as Reason));
    if (notice.reason === 'adminOnly') expect([BROWSING, ASKING, 'loggingOut']).toContain(name);
    else {
      expect(['loggedOut', 'loggingIn']).toContain(name);
      expect(pathOf(context.location)).toBe('/login');
    }
  }
}

const unchanged = (prev: AppSnapshot, next: AppSnapshot, effects: Effects) => {
  expect(next.value).toEqual(prev.value);
  expect(next.context).toEqual(prev.context);
  expect(effects).toEqual(noEffects());
};

/** Only what the test changed differs from `prev`'s context. */
const contextIs = (prev: AppSnapshot, next: AppSnapshot, changes: Partial<AppSnapshot['context']>) =>
  expect(next.context).toEqual({ ...prev.context, ...changes });

/** The path alone: a query (a table's page, a panel) is part of the same page. */
const pageOf = (location: string) => location.replace(/[?#].*$/, '');

/** A navigation to another page asked for while a screen has unsaved input: held for the user's answer. */
const leaving = (s: AppSnapshot, event: ModelEvent) =>
  s.context.block !== null && event.replace !== true && pageOf(event.to as string) !== pageOf(s.context.location);

/** The root machine's oracle for the harness. */
export const appOracle: Oracle<AppSnapshot> = {
  start(s, effects) {
    // SPEC §4: the app starts by loading the stored login, once; nobody can judge a location yet.
    expect(stateName(s)).toBe('starting');
    expect(s.context.location).toBe(START_LOCATION);
    expect(s.context.notice).toBeNull();
    expect(appEffects(effects)).toEqual({ ...noEffects(), loadStoredAuth: 1 });
    checkInvariants(s);
  },
  step: (prev, event, next, effects) => checkStep(prev, event, next, appEffects(effects)),
};

/** The expectations for one step: `prev --event--> next`, with the effects it caused. */
export function checkStep(prev: AppSnapshot, event: ModelEvent, next: AppSnapshot, effects: Effects) {
  checkInvariants(next);
  const pc = prev.context;
  const nc = next.context;
  const from = stateName(prev);
  const to = stateName(next);
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  const call = m ? `${m[2]}.${m[1]}` : event.type;

  switch (call) {
    case 'nav.request':
    case 'nav.popstate': {
      const target = event.to as string;
      if (from === 'starting') {
        // Nobody can judge a navigation before the stored login is known: only remember it.
        expect(to).toBe('starting');
        expect(nc.location).toBe(target);
        expect(effects).toEqual(noEffects());
        return;
      }
      if (from === BROWSING && leaving(prev, event)) {
        // Unsaved input: ask first, remember what was asked for, change nothing yet.
        expect(to).toBe(ASKING);
        contextIs(prev, next, { pendingLeave: { type: event.type as 'nav.request' | 'nav.popstate', to: target } });
        expect(effects).toEqual(noEffects());
        return;
      }
      if (from === ASKING) {
        // The dialog is modal: a link or navigate() meanwhile is dropped.
        if (event.type === 'nav.request') return unchanged(prev, next, effects);
        // Back/Forward again: the question is now about where the browser is; back on this
        // page (whatever its query), there is nothing left to ask, and the app shows where it is.
        if (pageOf(target) === pageOf(pc.location)) {
          expect(to).toBe(BROWSING);
          contextIs(prev, next, { pendingLeave: null, location: expectedLocation(target, kindOf(prev)) });
        } else {
          expect(to).toBe(ASKING);
          contextIs(prev, next, { pendingLeave: { type: 'nav.popstate', to: target } });
        }
        expect(effects).toEqual(noEffects());
        return;
      }
      const kind = kindOf(prev);
      const location = expectedLocation(target, kind);
      const redirected = location !== target;
      expect(to).toEqual(from);
      expect(nc.session).toBe(pc.session);
      expect(nc.location).toBe(location);
      expect(nc.block).toEqual(pc.block);
      const remember = kind === 'out' ? EXPECTED_REMEMBER[target] : null;
      expect(nc.afterLogin).toBe(remember ?? pc.afterLogin);
      expect(nc.notice).toEqual(expectedNotice(pc, target, kind));
      // A link pushes unless asked to replace, redirected or not (Back returns to where it was
      // clicked); Back/Forward already changed the URL, so only its redirect replaces it.
      const sync = event.type === 'nav.request' ? [event.replace === true] : redirected ? [true] : [];
      expect(effects).toEqual({ ...noEffects(), syncUrl: sync });
      return;
    }
    case 'login.submit':
      if (from !== 'loggedOut') return unchanged(prev, next, effects);
      expect(to).toBe('loggingIn');
      expect(nc.loginError).toBeNull();
      expect(nc.location).toBe(pc.location);
      // Still on the login screen: why they are there still holds while they log in.
      expect(nc.notice).toEqual(pc.notice);
      expect(effects).toEqual({ ...noEffects(), login: [{ username: event.username, password: event.password }] });
      return;
    case 'session.started': {
      // Only a logged-out visitor registers; anyone else is ignored.
      if (from !== 'loggedOut') return unchanged(prev, next, effects);
      const session = event.session as Session;
      expect(to).toBe(BROWSING);
      contextIs(prev, next, {
        session,
        location: expectedLocation(event.to as string, kindOfUser(session.user)),
        afterLogin: null,
        loginError: null,
        notice: EXPECTED_REDIRECT_NOTICE[event.to as string]?.[kindOfUser(session.user)] ? shown('adminOnly') : null,
      });
      // Stored like a login; the register page is replaced, as the login page is.
      expect(effects).toEqual({ ...noEffects(), storeSession: [session], syncUrl: [true] });
      return;
    }
    case 'login.done': {
      const session = event.output as Session;
      expect(to).toBe(BROWSING);
      expect(nc.session).toEqual(session);
      // No place asked for: home, which depends on who logged in.
      expect(nc.location).toBe(expectedLocation(pc.afterLogin ?? '/', kindOfUser(session.user)));
      expect(nc.afterLogin).toBeNull();
      // The login screen's notice is done with; where they return may have one of its own.
      const reason = EXPECTED_REDIRECT_NOTICE[pc.afterLogin ?? '/']?.[kindOfUser(session.user)];
      expect(nc.notice).toEqual(reason ? shown(reason) : null);
      expect(effects).toEqual({ ...noEffects(), storeSession: [session], syncUrl: [true] });
      return;
    }
    case 'session.restored': {
      // Logged in in another tab: a logged-out tab carries on as after a login of its own, except
      // that a public page (an invitation) stays; nothing to store (that tab did) or to call.
      if (from !== 'loggedOut') return unchanged(prev, next, effects);
      const session = event.session as Session;
      const kind = kindOfUser(session.user);
      const asked = pc.afterLogin ?? pc.location;
      const reason = EXPECTED_REDIRECT_NOTICE[asked]?.[kind];
      expect(to).toBe(BROWSING);
      contextIs(prev, next, {
        session,
        location: expectedLocation(asked, kind),
        afterLogin: null,
        loginError: null,
        notice: reason ? shown(reason) : null,
      });
      expect(effects).toEqual({ ...noEffects(), syncUrl: [true] });
      return;
    }
    case 'login.error':
      expect(to).toBe('loggedOut');
      expect(nc.loginError).toBe((event.error as Error).message);
      expect(nc.location).toBe(pc.location);
      expect(nc.afterLogin).toBe(pc.afterLogin);
      expect(nc.notice).toEqual(pc.notice);
      expect(effects).toEqual(noEffects());
      return;
    case 'loadStoredAuth.done': {
      const session = event.output as Session;
      expect(to).toBe(BROWSING);
      expect(nc.session).toEqual(session);
      expect(nc.location).toBe(expectedLocation(pc.location, kindOfUser(session.user)));
      // A company user opening a /manage link is told why they see the dashboard.
      const reason = EXPECTED_REDIRECT_NOTICE[pc.location]?.[kindOfUser(session.user)];
      expect(nc.notice).toEqual(reason ? shown(reason) : null);
      // Restored from storage: nothing to write back, nothing to clear.
      expect(effects).toEqual({ ...noEffects(), syncUrl: [true] });
      return;
    }
    case 'loadStoredAuth.error': {
      // SPEC §4 start-up: a warning, the auth state reset, and the app shown anyway (§8: no message).
      expect(to).toBe('loggedOut');
      expect(nc.location).toBe(expectedLocation(pc.location, 'out'));
      expect(nc.afterLogin).toBe(EXPECTED_REMEMBER[pc.location] ?? null);
      expect(nc.loginError).toBeNull();
      // SPEC §8: no message, so no notice either.
      expect(nc.notice).toBeNull();
      expect(effects.clearStoredAuth).toBe(1);
      expect(effects.warn).toHaveLength(1);
      expect(effects.warn[0].join(' ')).toContain((event.error as Error).message);
      expect({ ...effects, clearStoredAuth: 0, warn: [] }).toEqual({ ...noEffects(), syncUrl: [true] });
      return;
    }
    case 'logout':
      if (from !== BROWSING) return unchanged(prev, next, effects);
      if (pc.block) {
        expect(to).toBe(ASKING);
        contextIs(prev, next, { pendingLeave: { type: 'logout' } });
        expect(effects).toEqual(noEffects());
        return;
      }
      expect(to).toBe('loggingOut');
      expect(effects).toEqual({ ...noEffects(), logout: [{ token: pc.session!.token }] });
      return;
    case 'logout.done':
    case 'logout.error': {
      // SPEC §4: logout clears the stored login even if the server call fails; a failure is only logged.
      expect(to).toBe('loggedOut');
      expect(nc.location).toBe('/login');
      expect(nc.afterLogin).toBeNull();
      expect(nc.loginError).toBeNull();
      // Their own logout needs no explaining, here; the other tabs are told it was a logout.
      expect(nc.notice).toBeNull();
      expect(effects.clearStoredAuth).toBe(1);
      expect(effects.broadcastSessionEnd).toEqual(['logout']);
      expect(effects.syncUrl).toHaveLength(1);
      expect(effects.warn).toHaveLength(m![1] === 'error' ? 1 : 0);
      expect({ ...effects, clearStoredAuth: 0, broadcastSessionEnd: [], syncUrl: [], warn: [] }).toEqual(noEffects());
      return;
    }
    case 'session.expired':
      if (!isLoggedIn(prev)) return unchanged(prev, next, effects);
      // The server refused the token: the session ends without asking, unsaved input or not.
      expect(to).toBe('loggedOut');
      // The login screen says why, login returns here, the other tabs end too.
      contextIs(prev, next, {
        session: null,
        location: '/login',
        afterLogin: pc.location,
        block: null,
        pendingLeave: null,
        notice: shown('sessionExpired'),
      });
      expect(effects).toEqual({ ...noEffects(), clearStoredAuth: 1, broadcastSessionEnd: ['expired'], syncUrl: [true] });
      return;
    case 'session.ended':
      if (!isLoggedIn(prev)) return unchanged(prev, next, effects);
      // Another tab's session ended, which is this one's: the same end as an expiry, saying how
      // it ended there, without calling the server's logout again or telling the tabs back.
      expect(to).toBe('loggedOut');
      contextIs(prev, next, {
        session: null,
        location: '/login',
        afterLogin: pc.location,
        block: null,
        pendingLeave: null,
        notice: shown(event.reason === 'logout' ? 'loggedOutElsewhere' : 'sessionExpired'),
      });
      expect(effects).toEqual({ ...noEffects(), clearStoredAuth: 1, syncUrl: [true] });
      return;
    case 'user.updated': {
      if (!isLoggedIn(prev)) return unchanged(prev, next, effects);
      const user = event.user as User;
      const session = { token: pc.session!.token, user };
      expect(to).toBe(from);
      expect(nc.session).toEqual(session);
      // Losing a role may leave the current screen out of bounds, and says so.
      const location = expectedLocation(pc.location, kindOfUser(user));
      expect(nc.location).toBe(location);
      expect(nc.notice).toEqual(location === pc.location ? pc.notice : expectedNotice(pc, pc.location, kindOfUser(user)));
      expect(nc.block).toEqual(pc.block);
      expect(nc.pendingLeave).toEqual(pc.pendingLeave);
      expect(effects.storeSession).toEqual([session]);
      if (location !== pc.location) expect(effects.syncUrl).toEqual([true]);
      expect({ ...effects, storeSession: [], syncUrl: [] }).toEqual(noEffects());
      return;
    }
    case 'nav.block':
      if (!isLoggedIn(prev)) return unchanged(prev, next, effects);
      expect(to).toBe(from);
      contextIs(prev, next, { block: { reason: event.reason as string } });
      expect(effects).toEqual(noEffects());
      return;
    case 'nav.unblock':
      if (from === ASKING) {
        // Nothing is left to lose while the user was asked: do what they asked for.
        return checkLeave(prev, next, effects);
      }
      if (!isLoggedIn(prev)) return unchanged(prev, next, effects);
      expect(to).toBe(from);
      contextIs(prev, next, { block: null });
      expect(effects).toEqual(noEffects());
      return;
    case 'leave.confirm':
      if (from !== ASKING) return unchanged(prev, next, effects);
      return checkLeave(prev, next, effects);
    case 'leave.cancel': {
      if (from !== ASKING) return unchanged(prev, next, effects);
      // Stay: still blocked, on the same page; after Back/Forward the page shown goes back on top.
      expect(to).toBe(BROWSING);
      contextIs(prev, next, { pendingLeave: null });
      const moved = pc.pendingLeave!.type === 'nav.popstate';
      expect(effects).toEqual({ ...noEffects(), syncUrl: moved ? [false] : [] });
      return;
    }
    default:
      throw new Error(`oracle does not know ${event.type}`);
  }
}

/** The user agreed to leave (or nothing is left to lose): the block goes, the pending action runs. */
function checkLeave(prev: AppSnapshot, next: AppSnapshot, effects: Effects) {
  const pc = prev.context;
  const pending = pc.pendingLeave!;
  if (pending.type === 'logout') {
    expect(stateName(next)).toBe('loggingOut');
    contextIs(prev, next, { block: null, pendingLeave: null });
    expect(effects).toEqual({ ...noEffects(), logout: [{ token: pc.session!.token }] });
    return;
  }
  expect(stateName(next)).toBe(BROWSING);
  contextIs(prev, next, {
    block: null,
    pendingLeave: null,
    location: expectedLocation(pending.to, kindOf(prev)),
    notice: expectedNotice(pc, pending.to, kindOf(prev)),
  });
  // A link pushes its location; Back/Forward already show theirs (only a redirect is written over it).
  expect(effects).toEqual({ ...noEffects(), syncUrl: [pending.type === 'nav.popstate'] });
}
