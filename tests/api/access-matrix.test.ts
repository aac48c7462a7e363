import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../../server/http/route';
import { loadRoutes } from '../../server/routes/index';
import { ACCESS_FILES, ACCESS_TABLE, prepareSamples } from './helpers/access-table';
import { PRINCIPALS, buildWorld, type PrincipalFacts, type Sample, type World } from './helpers/access-world';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Every declared route, called as every kind of caller on real rows of Alpha, and each answer
 * checked against what the route's declaration means: 401 without a login, 404 where the caller
 * may not see the row, 403 where they see it but lack the role, 2xx where allowed. The routes
 * come from the server's own table, so a new route is in the matrix the moment it is declared,
 * and fails it until its resource's file in helpers/access/ has its row and sample.
 *
 * The expectations come from the oracle below, which restates the rules of
 * contract/permissions.ts in plain terms from the principals' facts, rather than calling it.
 */

type Expected = 200 | 401 | 403 | 404;

const ALPHA_ROLES_WHO_MAY: Record<string, (p: PrincipalFacts) => boolean> = {
  read: () => true,
  'company.read': (p) => p.company === 'alpha',
  'production.edit': (p) => p.company === 'alpha' && (p.roles.includes('admin') || p.roles.includes('engineer')),
  'jigs.edit': (p) => p.company === 'alpha' && (p.roles.includes('admin') || p.roles.includes('engineer')),
  'station.scan': (p) => p.company === 'alpha' && ['admin', 'engineer', 'operator'].some((r) => p.roles.includes(r)),
  'repair.record': (p) => p.company === 'alpha' && ['admin', 'engineer', 'operator'].some((r) => p.roles.includes(r)),
  'cartridge.maintain': (p) => p.company === 'alpha' && ['admin', 'engineer', 'operator'].some((r) => p.roles.includes(r)),
  'company.manage': (p) => p.company === 'alpha' && p.roles.includes('admin'),
  'users.manage': (p) => p.company === 'alpha' && p.roles.includes('admin'),
  // The user row of the matrix is alpha-target, so no principal is the user themself.
  'user.edit': (p) => p.company === 'alpha' && p.roles.includes('admin'),
  platform: () => false,
};

/** What a route's declaration promises this principal. */
function oracle(route: DeclaredRoute, p: PrincipalFacts): Expected {
  if (route.access === 'public') return 200;
  if (route.access === 'jig') return 200; // bearer logins play no part; see the jig test below
  if (p.username === null) return 401;
  // A notification is its person's alone, a superadmin's call included; the matrix's is alpha-target's.
  if (route.scope === 'notification') return 404;
  if (p.roles.includes('superadmin')) return 200;
  if (route.scope) {
    const projectRow = !['company', 'user', 'cassette', 'cartridge', 'enclosureSetting', 'jig', 'failureCode'].includes(route.scope);
    const sees = p.company === 'alpha' || (projectRow && p.memberOfProject);
    if (!sees) return 404;
  }
  const may = ALPHA_ROLES_WHO_MAY[route.access];
  if (!may) throw new Error(`The oracle does not know the permission ${route.access}.`);
  return may(p) ? 200 : 403;
}

function urlFor(route: DeclaredRoute, world: World, sample: Sample): string {
  let url = route.url;
  if (url.includes(':id')) {
    const id = sample.id ?? (route.scope && world.ids[route.scope as keyof World['ids']]);
    if (!id) throw new Error(`No row for ${route.url}: declare a scope, or give its sample an id.`);
    url = url.replace(':id', String(id));
  }
  for (const [name, value] of Object.entries(sample.params ?? {})) url = url.replace(`:${name}`, String(value));
  return sample.query ? `${url}?${sample.query}` : url;
}

const keyOf = (route: DeclaredRoute) => `${route.method} ${route.url.replace(/^\/v1/, '')}`;

let t: TestApp;
let world: World;
let routes: DeclaredRoute[];
let samples: Awaited<ReturnType<typeof prepareSamples>>;

beforeAll(async () => {
  // The live results stream (GET /events) never ends by itself: here it ends at once, so each
  // allowed call answers its 200 and the next call runs.
  t = await createTestApp({ live: { maxStreamMs: 20 } });
  world = await buildWorld(t);
  samples = await prepareSamples(t, world);
  routes = [...t.app.declaredRoutes];
});
afterAll(() => t?.close());

describe('the access matrix', () => {
  it('declares exactly the reviewed access table', () => {
    // Route files register in file name order (server/routes/index.ts): compare as sets.
    const byKey = (a: readonly unknown[], b: readonly unknown[]) => `${a[1]} ${a[0]}`.localeCompare(`${b[1]} ${b[0]}`);
    const declared = routes.map((r) => [r.method, r.url.replace(/^\/v1/, ''), r.access, r.scope]).sort(byKey);
    expect(declared).toEqual(ACCESS_TABLE.map((row) => [...row]).sort(byKey));
  });

  it('has a sample request for every declared route', () => {
    const missing = routes.map(keyOf).filter((key) => !samples[key]);
    expect(missing, 'declared routes without a row in helpers/access/').toEqual([]);
  });

  it('keeps each route file\'s rows in helpers/access/ under the same name', async () => {
    const routeFiles = (await loadRoutes()).map((entry) => entry.file.replace(/\.ts$/, ''));
    expect([...ACCESS_FILES]).toEqual(routeFiles);
  });

  it('answers every route as its declaration says, for every principal', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      for (const principal of PRINCIPALS) {
        const sample = await samples[keyOf(route)]?.(t, world);
        if (!sample) continue;
        const auth = principal.username ? await t.login(principal.username, { fresh: sample.freshLogin }) : {};
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: urlFor(route, world, sample),
          headers: { ...auth, ...sample.headers },
          ...(sample.body !== undefined && { payload: sample.body as object }),
        });
        calls += 1;
        const expected = oracle(route, principal);
        const ok = expected === 200 ? res.statusCode >= 200 && res.statusCode < 300 : res.statusCode === expected;
        if (!ok) failures.push(`${keyOf(route)} as ${principal.name}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    console.log(`access matrix: ${routes.length} routes × ${PRINCIPALS.length} principals = ${calls} calls`);
    expect(failures).toEqual([]);
    expect(calls).toBe(routes.length * PRINCIPALS.length);
    // Grows with every route (~0.3 s each on a busy PostgreSQL run), past the suite's 20 s default.
  }, 90_000);

  it('refuses a jig call without a valid signature, whoever is logged in', async () => {
    const jigRoutes = routes.filter((r) => r.access === 'jig');
    expect(jigRoutes.length).toBeGreaterThan(0);
    for (const route of jigRoutes) {
      for (const principal of PRINCIPALS) {
        const sample = await samples[keyOf(route)](t, world);
        const auth = principal.username ? await t.login(principal.username) : {};
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: urlFor(route, world, sample),
          headers: { ...auth, 'x-jig-signature': 'f'.repeat(64) },
          ...(sample.body !== undefined && { payload: sample.body as object }),
        });
        // A refused report is a 401; a refused fetch a 404 (API.md: GET /jig/update).
        expect(res.statusCode, `${keyOf(route)} as ${principal.name}`).toBe(route.method === 'GET' ? 404 : 401);
      }
    }
  });
});
