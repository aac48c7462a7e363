import { describe, expect, it } from 'vitest';
import { guard, hasRole, HOME_PATH, homePath, LOGIN_PATH, matchRoute, splitLocation, STATION_PATH, type GuardUser } from './guard';
import { notFoundRoute, routes } from './routes';

const engineer: GuardUser = { roles: [{ slug: 'engineer' }] };
const superadmin: GuardUser = { roles: [{ slug: 'superadmin' }] };
const users = { out: null, engineer, superadmin } as const;
type Who = keyof typeof users;

/** What the guard must answer: stay (`allow`) or the location it sends the user to. */
const ALLOW = 'allow';
const LOGIN = LOGIN_PATH;
const DASH = HOME_PATH;
type Expect = typeof ALLOW | typeof LOGIN | typeof DASH;

type Row = { name: string; url: string; out: Expect; engineer: Expect; superadmin: Expect };
const row = (name: string, url: string, out: Expect, eng: Expect, sup: Expect): Row => ({
  name,
  url,
  out,
  engineer: eng,
  superadmin: sup,
});
/** A screen behind the login: logged out → /login, any signed-in user stays. */
const app = (name: string, url: string) => row(name, url, LOGIN, ALLOW, ALLOW);
/** The management area: superadmin only; a company user lands on the dashboard. */
const manage = (name: string, url: string) => row(name, url, LOGIN, DASH, ALLOW);

/**
 * SPEC §2 and §6, one row per route of `routes.ts`, written out by hand on purpose: a route added
 * to the table without a row here fails "covers every route".
 */
const table: Row[] = [
  row('login', '/login', ALLOW, DASH, DASH),
  row('register', '/register', ALLOW, ALLOW, ALLOW),
  row('root', '/', LOGIN, DASH, DASH),
  app('me', '/me'),
  app('dashboard', '/dashboard'),
  app('Dash', '/Dash'),
  app('enclosures', '/enclosures'),
  app('enclosure', '/enclosures/7'),
  app('enclosure.health', '/enclosures/7/health'),
  app('projects', '/projects'),
  app('project.devices', '/projects/7'),
  app('project.hardware', '/projects/7/hardware'),
  app('project.tests', '/projects/7/tests'),
  app('project.productionbatches', '/projects/7/productionbatches'),
  app('project.productionbatch', '/projects/7/productionbatches/7'),
  app('project.releasebatches', '/projects/7/releasesbatches'),
  app('project.releasebatch.edit', '/projects/7/releasesbatches/7/edit'),
  app('project.releasebatch.show', '/projects/7/releasesbatches/7/show'),
  app('project.manufacturers', '/projects/7/manufacturers'),
  app('project.devices.table', '/projects/7/devices'),
  app('project.repairs', '/projects/7/repairs'),
  app('project.repair', '/projects/7/repairs/7'),
  app('testprofile', '/testprofiles/7'),
  app('testprofile.whatif', '/testprofiles/7/what-if'),
  app('cassettes', '/cassettes'),
  app('cassette', '/cassettes/7'),
  app('cartridge.health', '/cartridges/7/health'),
  app('configurations', '/configurations'),
  app('users', '/users'),
  app('user.new', '/users/new'),
  app('user', '/users/7'),
  app('user.edit', '/users/7/edit'),
  app('statistics', '/statistics'),
  // The company roles that scan: a superadmin is sent home, told why.
  row('station', '/station', LOGIN, ALLOW, DASH),
  app('failurecodes', '/failure-codes'),
  app('notifications', '/notifications'),
  manage('manage.requests', '/manage/requests'),
  manage('manage.request.new', '/manage/requests/new'),
  manage('manage.request.process', '/manage/requests/process/7'),
  manage('manage.enclosureupdates', '/manage/enclosure-updates'),
  manage('manage.cartridgetypes', '/manage/cartridgetypes'),
  manage('manage.cartridgetype', '/manage/cartridgetypes/7'),
  manage('manage.enclosures', '/manage/enclosures'),
  manage('manage.enclosure.new', '/manage/enclosures/new'),
  manage('manage.enclosure.edit', '/manage/enclosures/7'),
  manage('manage.cassettes', '/manage/cassettes'),
  manage('manage.cartridges', '/manage/cartridges'),
  manage('manage.cartridge', '/manage/cartridges/7'),
  manage('manage.resources', '/manage/resources'),
  manage('manage.testfunctions', '/manage/testfunctions'),
  manage('manage.testfunction.new', '/manage/testfunctions/new'),
  manage('manage.testfunction.edit', '/manage/testfunctions/7'),
  manage('manage.amsmodules', '/manage/amsmodules'),
  manage('manage.companies', '/manage/companies'),
  manage('manage.company.add', '/manage/companies/add'),
  manage('manage.devices', '/manage/devices'),
];

describe('route table', () => {
  it('has a guard row for every route, and a route for every row', () => {
    expect(table).toHaveLength(routes.length);
    expect(table.map((r) => r.name).sort()).toEqual(routes.map((r) => r.name).sort());
  });

  it('names every route once', () => {
    expect(new Set(routes.map((r) => r.name)).size).toBe(routes.length);
  });

  it.each(table)('$url matches the route $name', ({ url, name }) => {
    expect(matchRoute(url).route.name).toBe(name);
  });

  it('reads every route parameter as a number (all of them are ids)', () => {
    for (const route of routes) {
      const keys = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(route.numeric ?? [], route.path).toEqual(expect.arrayContaining(keys));
    }
  });

  it.each(table.filter((r) => /\/7(\/|$)/.test(r.url)))('parses the ids of $url as 7', ({ url }) => {
    const { params } = matchRoute(url);
    expect(Object.keys(params).length).toBeGreaterThan(0);
    for (const value of Object.values(params)) expect(value).toBe(7);
  });

  it('keeps the management area behind superadmin, the station behind the company roles that scan, and nothing else', () => {
    for (const route of routes) {
      const isManage = route.path.startsWith('/manage/');
      const expected = isManage ? ['superadmin'] : route.path === '/station' ? ['admin', 'engineer', 'operator'] : [];
      expect(route.roles ?? [], route.path).toEqual(expected);
    }
  });
});

describe.each(Object.keys(users) as Who[])('guard for %s', (who) => {
  it.each(table)('$url', (r) => {
    const expected = r[who];
    const decision = guard(r.url, '/previous', users[who]);
    if (expected === ALLOW) {
      expect(decision).toMatchObject({ kind: 'allow', location: r.url });
      if (decision.kind === 'allow') expect(decision.match.route.name).toBe(r.name);
    } else {
      expect(decision).toMatchObject({ kind: 'redirect', location: expected });
    }
    // Only a signed-in user kept out of a screen a superadmin may open is told why;
    // no other redirect carries a reason.
    const keptOut = who !== 'out' && (r.superadmin === ALLOW || r.name === 'station') && expected !== ALLOW;
    const why = r.name === 'station' ? 'roleMissing' : 'adminOnly';
    expect(decision.kind === 'redirect' ? decision.reason : undefined).toBe(keptOut ? why : undefined);
    // A logged-out user is sent to login and remembered where they wanted to go.
    if (who === 'out' && expected === LOGIN) {
      expect(decision).toMatchObject({ remember: r.url });
    }
  });
});

describe("an operator's home", () => {
  const operator: GuardUser = { roles: [{ slug: 'operator' }] };
  const viewer: GuardUser = { roles: [{ slug: 'viewer' }] };

  it('is the station for an operator alone, the dashboard for anyone with another role too', () => {
    expect(homePath(operator)).toBe(STATION_PATH);
    expect(homePath({ roles: [{ slug: 'operator' }, { slug: 'engineer' }] })).toBe(HOME_PATH);
    expect(homePath(engineer)).toBe(HOME_PATH);
    expect(homePath({ roles: [] })).toBe(HOME_PATH);
    expect(homePath(null)).toBe(HOME_PATH);
  });

  it('sends an operator from / and from the login screen to the station, keeping the query', () => {
    expect(guard('/', null, operator)).toEqual({ kind: 'redirect', location: '/station' });
    expect(guard('/?jig=4', null, operator)).toEqual({ kind: 'redirect', location: '/station?jig=4' });
    expect(guard('/login', null, operator)).toEqual({ kind: 'redirect', location: '/station' });
    expect(guard('/station', null, operator)).toMatchObject({ kind: 'allow' });
    // The rest of the app stays open to them.
    expect(guard('/dashboard', null, operator)).toMatchObject({ kind: 'allow' });
  });

  it('keeps an operator out of the management area, back to the station', () => {
    expect(guard('/manage/companies', '/station', operator)).toEqual({ kind: 'redirect', location: '/station', reason: 'adminOnly' });
  });

  it('keeps a viewer (who reads only) off the station, saying their role does not open it', () => {
    expect(guard('/station', '/dashboard', viewer)).toEqual({ kind: 'redirect', location: '/dashboard', reason: 'roleMissing' });
    // A superadmin stands at no company's jig.
    expect(guard('/station', '/manage/companies', superadmin)).toEqual({ kind: 'redirect', location: '/dashboard', reason: 'roleMissing' });
  });
});

describe('guard details', () => {
  it('redirects the empty path to the dashboard, keeping the query', () => {
    expect(guard('/', null, engineer)).toEqual({ kind: 'redirect', location: '/dashboard' });
    expect(guard('', null, engineer)).toEqual({ kind: 'redirect', location: '/dashboard' });
    expect(guard('/?tab=2', null, superadmin)).toEqual({ kind: 'redirect', location: '/dashboard?tab=2' });
  });

  it('allows the second dashboard route /Dash', () => {
    const decision = guard('/Dash', '/me', engineer);
    expect(decision).toMatchObject({ kind: 'allow', location: '/Dash' });
  });

  it('sends a signed-in user away from the login screen, but not from /register', () => {
    expect(guard('/login', '/users', superadmin)).toMatchObject({ kind: 'redirect', location: '/dashboard' });
    expect(guard('/login?next=x', null, engineer)).toMatchObject({ kind: 'redirect', location: '/dashboard' });
    expect(guard('/register?token=abc', null, engineer)).toMatchObject({ kind: 'allow' });
  });

  it('remembers /login?next=<a path of this app> to return there after login (an invitation to accept)', () => {
    const next = '/register?token=a%2Bb';
    expect(guard(`/login?next=${encodeURIComponent(next)}`, '/register', null)).toEqual({
      kind: 'redirect',
      location: '/login',
      remember: next,
    });
    // Anything that is not a path here is ignored: another host, a loop back to login, nothing.
    for (const bad of ['https://evil.example', '//evil.example/x', '/\\evil.example', '/login?next=/me', '']) {
      expect(guard(`/login?next=${encodeURIComponent(bad)}`, null, null)).toMatchObject({ kind: 'allow', location: `/login?next=${encodeURIComponent(bad)}` });
    }
    // Signed in already: the login screen still sends them home.
    expect(guard(`/login?next=${encodeURIComponent(next)}`, null, engineer)).toEqual({ kind: 'redirect', location: '/dashboard' });
  });

  it('says why a company user is kept out of the management area, with or without a query', () => {
    expect(guard('/manage/companies', '/dashboard', engineer)).toEqual({ kind: 'redirect', location: '/dashboard', reason: 'adminOnly' });
    expect(guard('/manage/companies?page=2', null, { roles: [{ slug: 'operator' }, { slug: 'admin' }] })).toEqual({
      kind: 'redirect',
      location: '/dashboard',
      reason: 'adminOnly',
    });
    // Logged out, the login comes first: nothing to explain yet, only where to return.
    expect(guard('/manage/companies', null, null)).toEqual({ kind: 'redirect', location: '/login', remember: '/manage/companies' });
    // A user with no roles at all is still a signed-in user kept out.
    expect(guard('/manage/requests', null, { roles: [] })).toMatchObject({ reason: 'adminOnly' });
  });

  it('keeps query strings and hashes', () => {
    const register = guard('/register?token=abc', null, null);
    expect(register).toMatchObject({ kind: 'allow', location: '/register?token=abc' });
    if (register.kind === 'allow') expect(register.match.route.name).toBe('register');
    expect(guard('/users/5?tab=roles#top', null, null)).toEqual({
      kind: 'redirect',
      location: '/login',
      remember: '/users/5?tab=roles#top',
    });
    expect(guard('/users/5?tab=roles', null, engineer)).toMatchObject({ kind: 'allow', location: '/users/5?tab=roles' });
    expect(splitLocation('/a/b?x=1#h')).toEqual({ pathname: '/a/b', rest: '?x=1#h' });
    expect(splitLocation('?x=1')).toEqual({ pathname: '/', rest: '?x=1' });
  });

  it('matches a trailing slash like the path without it', () => {
    expect(matchRoute('/dashboard/').route.name).toBe('dashboard');
    expect(matchRoute('/users/7/edit/').params).toEqual({ user_id: 7 });
  });

  it('treats an unknown path as a screen behind the login ("not found")', () => {
    expect(matchRoute('/no/such/screen').route).toBe(notFoundRoute);
    expect(guard('/no/such/screen', null, null)).toMatchObject({ kind: 'redirect', location: '/login' });
    const signedIn = guard('/no/such/screen', '/dashboard', engineer);
    expect(signedIn).toMatchObject({ kind: 'allow', location: '/no/such/screen' });
    if (signedIn.kind === 'allow') expect(signedIn.match.route).toBe(notFoundRoute);
    expect(guard('/manage/nothing-here', null, engineer)).toMatchObject({ kind: 'allow' });
  });

  it('parses numeric params once in matchRoute: non-numeric → -1', () => {
    expect(matchRoute('/users/abc').params).toEqual({ user_id: -1 });
    expect(matchRoute('/users/12abc/edit').params).toEqual({ user_id: -1 });
    expect(matchRoute('/projects/3/productionbatches/x').params).toEqual({ id: 3, pb_id: -1 });
    expect(matchRoute('/projects/abc/releasesbatches/9/show').params).toEqual({ id: -1, rb_id: 9 });
    expect(matchRoute('/manage/requests/process/99999999999999999999').params).toEqual({ requestId: -1 });
    // `new` and `add` are screens of their own, never an id.
    expect(matchRoute('/users/new').route.name).toBe('user.new');
    expect(matchRoute('/manage/companies/add').route.name).toBe('manage.company.add');
  });

  it('survives a malformed percent-escape in a typed URL', () => {
    // A typed URL must never throw out of the guard: the root machine would stop.
    expect(() => guard('/users/%E0%A4%A', '/dashboard', engineer)).not.toThrow();
    expect(guard('/users/%zz', null, engineer)).toMatchObject({ kind: 'allow' });
    expect(matchRoute('/users/%zz').params).toEqual({ user_id: -1 });
    expect(guard('/users/%zz', null, null)).toMatchObject({ kind: 'redirect', location: '/login' });
  });

  it('decodes escaped params', () => {
    expect(matchRoute('/users/%37').params).toEqual({ user_id: 7 });
  });
});

describe('hasRole', () => {
  it("raises 'Not logged in' when nobody is signed in", () => {
    expect(() => hasRole(null, ['superadmin'])).toThrow('Not logged in');
  });

  it('needs at least one of the roles', () => {
    expect(hasRole(superadmin, ['superadmin'])).toBe(true);
    expect(hasRole(engineer, ['superadmin'])).toBe(false);
    expect(hasRole(engineer, ['admin', 'engineer'])).toBe(true);
    expect(hasRole({ roles: [] }, ['superadmin'])).toBe(false);
  });
});
