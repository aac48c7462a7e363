/**
 * What SPEC §2, §4, §6 and §8 say must happen on each step, written independently of the
 * machine's code: the expected locations are a hand-written table, not the guard's answer.
 */
import { expect } from 'vitest';
import type { LoginInput, StoredToken } from '../../contract/auth';
import type { User } from '../../contract/users';
import type { Session } from '../../machines/app.machine';
import { guard, matchRoute } from '../../machines/guard';
import { isSuperadmin, type AppSnapshot, type ModelEvent } from './app.model';

export type Kind = 'out' | 'engineer' | 'superadmin';
export const kindOfUser = (user: User | null | undefined): Kind =>
  !user ? 'out' : isSuperadmin(user) ? 'superadmin' : 'engineer';
const kindOf = (s: AppSnapshot) => kindOfUser(s.context.session?.user);

/** Where each location leads for each kind of user (SPEC §2 guard, §6 roles). */
const EXPECTED_LOCATION: Record<string, Record<Kind, string>> = {
  '/': { out: '/login', engineer: '/dashboard', superadmin: '/dashboard' },
  '/dashboard': { out: '/login', engineer: '/dashboard', superadmin: '/dashboard' },
  '/manage/companies': { out: '/login', engineer: '/dashboard', superadmin: '/manage/companies' },
  '/login': { out: '/login', engineer: '/dashboard', superadmin: '/dashboard' },
  '/users/5': { out: '/login', engineer: '/users/5', superadmin: '/users/5' },
  '/register?token=abc': { out: '/register?token=abc', engineer: '/register?token=abc', superadmin: '/register?token=abc' },
};
/** Where a logged-out user sent to login wanted to go (to return there after login). */
const EXPECTED_REMEMBER: Record<string, string | null> = {
  '/': '/dashboard',
  '/dashboard': '/dashboard',
  '/manage/companies': '/manage/companies',
  '/login': null,
  '/users/5': '/users/5',
  '/register?token=abc': null,
};

export function expectedLocation(to: string, kind: Kind): string {
  const row = EXPECTED_LOCATION[to];
  if (!row) throw new Error(`oracle has no row for ${to}: add it to EXPECTED_LOCATION`);
  return row[kind];
}

/** The side effects one step caused. */
export type Effects = {
  storeSession: Session[];
  clearStoredAuth: number;
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
  syncUrl: [],
  warn: [],
  loadStoredAuth: 0,
  login: [],
  logout: [],
});

const LOGGED_OUT = ['starting', 'loggedOut', 'loggingIn'];

/** Holds in every snapshot the app can be in. */
export function checkInvariants(s: AppSnapshot) {
  const { value, context } = s;
  expect(s.status, 'the root actor must never stop').toBe('active');
  expect(['starting', 'loggedOut', 'loggingIn', 'loggedIn', 'loggingOut']).toContain(value);
  if (LOGGED_OUT.includes(value as string)) expect(context.session).toBeNull();
  else expect(context.session).not.toBeNull();
  if (value === 'loggedOut' || value === 'loggingIn') {
    // A logged-out user only ever sees a public screen.
    expect(matchRoute(context.location).route.requiresAuth, context.location).toBe(false);
  }
  if (context.session) {
    // A signed-in user only ever sees a screen the guard allows for their roles.
    expect(guard(context.location, null, context.session.user).kind, context.location).toBe('allow');
  }
  if (context.loginError !== null) expect(value).toBe('loggedOut');
  expect(s.hasTag('busy')).toBe(['starting', 'loggingIn', 'loggingOut'].includes(value as string));
}

const unchanged = (prev: AppSnapshot, next: AppSnapshot, effects: Effects) => {
  expect(next.value).toEqual(prev.value);
  expect(next.context).toEqual(prev.context);
  expect(effects).toEqual(noEffects());
};

/** The expectations for one step: `prev --event--> next`, with the effects it caused. */
export function checkStep(prev: AppSnapshot, event: ModelEvent, next: AppSnapshot, effects: Effects) {
  checkInvariants(next);
  const pc = prev.context;
  const nc = next.context;
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  const call = m ? `${m[2]}.${m[1]}` : event.type;

  switch (call) {
    case 'nav.request':
    case 'nav.popstate': {
      const to = event.to as string;
      if (prev.value === 'starting') {
        // Nobody can judge a navigation before the stored login is known: only remember it.
        expect(next.value).toBe('starting');
        expect(nc.location).toBe(to);
        expect(effects).toEqual(noEffects());
        return;
      }
      const kind = kindOf(prev);
      const location = expectedLocation(to, kind);
      const redirected = location !== to;
      expect(next.value).toEqual(prev.value);
      expect(nc.session).toBe(pc.session);
      expect(nc.location).toBe(location);
      const remember = kind === 'out' ? EXPECTED_REMEMBER[to] : null;
      expect(nc.afterLogin).toBe(remember ?? pc.afterLogin);
      // A link pushes unless asked to replace, redirected or not (Back returns to where it was
      // clicked); Back/Forward already changed the URL, so only its redirect replaces it.
      const sync = event.type === 'nav.request' ? [event.replace === true] : redirected ? [true] : [];
      expect(effects).toEqual({ ...noEffects(), syncUrl: sync });
      return;
    }
    case 'login.submit':
      if (prev.value !== 'loggedOut') return unchanged(prev, next, effects);
      expect(next.value).toBe('loggingIn');
      expect(nc.loginError).toBeNull();
      expect(nc.location).toBe(pc.location);
      expect(effects).toEqual({ ...noEffects(), login: [{ username: event.username, password: event.password }] });
      return;
    case 'login.done': {
      const session = event.output as Session;
      expect(next.value).toBe('loggedIn');
      expect(nc.session).toEqual(session);
      expect(nc.location).toBe(expectedLocation(pc.afterLogin ?? '/dashboard', kindOfUser(session.user)));
      expect(nc.afterLogin).toBeNull();
      expect(effects).toEqual({ ...noEffects(), storeSession: [session], syncUrl: [true] });
      return;
    }
    case 'login.error':
      expect(next.value).toBe('loggedOut');
      expect(nc.loginError).toBe((event.error as Error).message);
      expect(nc.location).toBe(pc.location);
      expect(nc.afterLogin).toBe(pc.afterLogin);
      expect(effects).toEqual(noEffects());
      return;
    case 'loadStoredAuth.done': {
      const session = event.output as Session;
      expect(next.value).toBe('loggedIn');
      expect(nc.session).toEqual(session);
      expect(nc.location).toBe(expectedLocation(pc.location, kindOfUser(session.user)));
      // Restored from storage: nothing to write back, nothing to clear.
      expect(effects).toEqual({ ...noEffects(), syncUrl: [true] });
      return;
    }
    case 'loadStoredAuth.error': {
      // SPEC §4 start-up: a warning, the auth state reset, and the app shown anyway (§8: no message).
      expect(next.value).toBe('loggedOut');
      expect(nc.location).toBe(expectedLocation(pc.location, 'out'));
      expect(nc.afterLogin).toBe(EXPECTED_REMEMBER[pc.location] ?? null);
      expect(nc.loginError).toBeNull();
      expect(effects.clearStoredAuth).toBe(1);
      expect(effects.warn).toHaveLength(1);
      expect(effects.warn[0].join(' ')).toContain((event.error as Error).message);
      expect({ ...effects, clearStoredAuth: 0, warn: [] }).toEqual({ ...noEffects(), syncUrl: [true] });
      return;
    }
    case 'logout':
      if (prev.value !== 'loggedIn') return unchanged(prev, next, effects);
      expect(next.value).toBe('loggingOut');
      expect(effects).toEqual({ ...noEffects(), logout: [{ token: pc.session!.token }] });
      return;
    case 'logout.done':
    case 'logout.error': {
      // SPEC §4: logout clears the stored login even if the server call fails; a failure is only logged.
      expect(next.value).toBe('loggedOut');
      expect(nc.location).toBe('/login');
      expect(nc.afterLogin).toBeNull();
      expect(nc.loginError).toBeNull();
      expect(effects.clearStoredAuth).toBe(1);
      expect(effects.syncUrl).toHaveLength(1);
      expect(effects.warn).toHaveLength(m![1] === 'error' ? 1 : 0);
      expect({ ...effects, clearStoredAuth: 0, syncUrl: [], warn: [] }).toEqual(noEffects());
      return;
    }
    case 'session.expired':
      if (prev.value !== 'loggedIn') return unchanged(prev, next, effects);
      expect(next.value).toBe('loggedOut');
      expect(nc.location).toBe('/login');
      expect(nc.afterLogin).toBe(pc.location);
      expect(effects).toEqual({ ...noEffects(), clearStoredAuth: 1, syncUrl: [true] });
      return;
    case 'user.updated': {
      if (prev.value !== 'loggedIn') return unchanged(prev, next, effects);
      const user = event.user as User;
      const session = { token: pc.session!.token, user };
      expect(next.value).toBe('loggedIn');
      expect(nc.session).toEqual(session);
      // Losing a role may leave the current screen out of bounds.
      const location = expectedLocation(pc.location, kindOfUser(user));
      expect(nc.location).toBe(location);
      expect(effects.storeSession).toEqual([session]);
      if (location !== pc.location) expect(effects.syncUrl).toEqual([true]);
      expect({ ...effects, storeSession: [], syncUrl: [] }).toEqual(noEffects());
      return;
    }
    default:
      throw new Error(`oracle does not know ${event.type}`);
  }
}
