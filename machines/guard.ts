import { parse } from 'regexparam';
import type { RoleSlug } from '../contract/roles';
import { notFoundRoute, routes, type RouteDef } from './routes';
import { parseNumericParam } from './params';

/** What the guard needs to know of the user: only the role slugs. */
export type GuardUser = { roles: readonly { slug: RoleSlug | string }[] } | null;

export type RouteMatch = {
  route: RouteDef;
  /** Raw params as strings, numeric ones already parsed (-1 when not a number). */
  params: Record<string, string | number>;
};

const compiled = routes.map((route) => ({ route, ...parse(route.path) }));

/** Splits `/a/b?x=1#h` into its path and the rest, so matching sees the path only. */
export function splitLocation(location: string): { pathname: string; rest: string } {
  const at = location.search(/[?#]/);
  const pathname = at === -1 ? location : location.slice(0, at);
  return { pathname: pathname || '/', rest: at === -1 ? '' : location.slice(at) };
}

/** A typed URL may carry a broken escape (`%zz`); the guard must answer, not throw. */
function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function matchRoute(location: string): RouteMatch {
  const { pathname } = splitLocation(location);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const { route, keys, pattern } of compiled) {
    const m = pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string | number> = {};
    keys.forEach((key, i) => {
      const raw = m[i + 1] ? safeDecode(m[i + 1]) : '';
      params[key] = route.numeric?.includes(key) ? parseNumericParam(raw) : raw;
    });
    return { route, params };
  }
  return { route: notFoundRoute, params: {} };
}

/** SPEC §6: a role check made while logged out raises 'Not logged in'. */
export function hasRole(user: GuardUser, roles: readonly string[]): boolean {
  if (!user) throw new Error('Not logged in');
  return user.roles.some((r) => roles.includes(r.slug));
}

/**
 * Why a redirect happened, when the person should be told: `adminOnly` is a signed-in user
 * kept out of the management area (SPEC §6: it is for superadmins); `roleMissing` is one without
 * the company role another screen needs (a viewer at the station, which scans).
 */
export type RedirectReason = 'adminOnly' | 'roleMissing';

export type GuardDecision =
  | { kind: 'allow'; location: string; match: RouteMatch }
  /** `remember` is where a logged-out user wanted to go, to return there after login. */
  | { kind: 'redirect'; location: string; remember?: string; reason?: RedirectReason };

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard';
export const STATION_PATH = '/station';

/**
 * Where a signed-in user starts: an operator alone works at a jig, so the station is home;
 * anyone holding another role (an operator who is also an engineer included) starts on the dashboard.
 */
export function homePath(user: GuardUser): string {
  const roles = user?.roles ?? [];
  return roles.length > 0 && roles.every((r) => r.slug === 'operator') ? STATION_PATH : HOME_PATH;
}

/**
 * `/login?next=/register?token=…`: a public page (an invitation to accept) sends a logged-out
 * user to log in and asks to come back. Only a path of this app counts (`//host` would leave it).
 */
export function nextAfterLogin(location: string): string | null {
  const { rest } = splitLocation(location);
  if (!rest.startsWith('?')) return null;
  const next = new URLSearchParams(rest.slice(1).split('#')[0]).get('next');
  return next && /^\/(?![/\\])/.test(next) && matchRoute(next).route.name !== 'login' ? next : null;
}

/**
 * The navigation guard of SPEC §2 as a pure function: the root machine asks it about every
 * navigation and is the only place that acts on the answer.
 */
export function guard(to: string, from: string | null, user: GuardUser): GuardDecision {
  const match = matchRoute(to);
  const { route } = match;
  // Logged out, `/` itself is remembered: whose home it is is known only after the login.
  if (route.requiresAuth && !user) {
    return { kind: 'redirect', location: LOGIN_PATH, remember: to };
  }
  if (route.redirect) {
    const target = route.name === 'root' ? homePath(user) : route.redirect;
    const next = guard(target + splitLocation(to).rest, from, user);
    return next.kind === 'allow' ? { kind: 'redirect', location: next.location } : next;
  }
  if (route.roles) {
    let allowed: boolean;
    try {
      allowed = hasRole(user, route.roles);
    } catch {
      // Logged out: back to the previous screen, or to login.
      return { kind: 'redirect', location: from ?? LOGIN_PATH };
    }
    if (!allowed) return { kind: 'redirect', location: homePath(user), reason: route.roles.includes('superadmin') && route.roles.length === 1 ? 'adminOnly' : 'roleMissing' };
  }
  // A signed-in user has nothing to do on the login screen.
  if (route.name === 'login' && user) return { kind: 'redirect', location: homePath(user) };
  // Remember where to return, as for a protected page; the login screen shows without the query.
  const next = route.name === 'login' ? nextAfterLogin(to) : null;
  if (next) return { kind: 'redirect', location: LOGIN_PATH, remember: next };
  return { kind: 'allow', location: to, match };
}
