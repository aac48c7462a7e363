import { rolesFor } from '../contract/permissions';
import type { RoleSlug } from '../contract/roles';

/**
 * The route table of SPEC §2: every path the app knows, whether it needs a login, and which
 * roles it needs. Order matters where two patterns could match (`users/new` before
 * `users/:user_id`): the first match wins, as in the router.
 */
export type RouteDef = {
  /** Stable name; the app maps it to a screen. */
  name: string;
  /** wouter/regexparam pattern, absolute. */
  path: string;
  requiresAuth: boolean;
  /** The user must hold at least one of these. */
  roles?: readonly RoleSlug[];
  /** Params read as integers (non-numeric → -1). */
  numeric?: readonly string[];
  /** Redirect target instead of a screen. */
  redirect?: string;
};

/** The station: the company roles of `station.scan` (its superadmin is no company's). */
const STATION_ROLES = (rolesFor('station.scan') ?? []).filter((slug) => slug !== 'superadmin');

/** The /manage area: the platform's operators (contract/permissions.ts decides who that is). */
const PLATFORM = rolesFor('platform');

const project = (name: string, sub: string, numeric: string[] = ['id']): RouteDef => ({
  name: `project.${name}`,
  path: `/projects/:id${sub}`,
  requiresAuth: true,
  numeric,
});

const manage = (name: string, sub: string, numeric?: string[]): RouteDef => ({
  name: `manage.${name}`,
  path: `/manage${sub}`,
  requiresAuth: true,
  roles: PLATFORM,
  numeric,
});

export const routes: readonly RouteDef[] = [
  { name: 'login', path: '/login', requiresAuth: false },
  { name: 'register', path: '/register', requiresAuth: false },

  /** Home: the dashboard, or the station for an operator alone (guard.ts `homePath`). */
  { name: 'root', path: '/', requiresAuth: true, redirect: '/dashboard' },
  { name: 'me', path: '/me', requiresAuth: true },
  { name: 'dashboard', path: '/dashboard', requiresAuth: true },
  { name: 'Dash', path: '/Dash', requiresAuth: true },
  { name: 'enclosures', path: '/enclosures', requiresAuth: true },
  { name: 'enclosure', path: '/enclosures/:id', requiresAuth: true, numeric: ['id'] },
  /** A jig's false fails and its steps beside the company's other jigs: whoever sees the jig (the call is company-scoped). */
  { name: 'enclosure.health', path: '/enclosures/:id/health', requiresAuth: true, numeric: ['id'] },
  { name: 'projects', path: '/projects', requiresAuth: true },
  project('devices', ''),
  project('hardware', '/hardware'),
  project('tests', '/tests'),
  project('productionbatches', '/productionbatches'),
  project('productionbatch', '/productionbatches/:pb_id', ['id', 'pb_id']),
  project('releasebatches', '/releasesbatches'),
  project('releasebatch.edit', '/releasesbatches/:rb_id/edit', ['id', 'rb_id']),
  project('releasebatch.show', '/releasesbatches/:rb_id/show', ['id', 'rb_id']),
  project('manufacturers', '/manufacturers'),
  project('devices.table', '/devices'),
  project('repairs', '/repairs'),
  project('repair', '/repairs/:repair_id', ['id', 'repair_id']),
  { name: 'testprofile', path: '/testprofiles/:id', requiresAuth: true, numeric: ['id'] },
  /** Trying new limits against history: whoever signs in, as the profile; only its editors' calls are answered (the screen says so). */
  { name: 'testprofile.whatif', path: '/testprofiles/:id/what-if', requiresAuth: true, numeric: ['id'] },
  { name: 'cassettes', path: '/cassettes', requiresAuth: true },
  { name: 'cassette', path: '/cassettes/:id', requiresAuth: true, numeric: ['id'] },
  /** A cartridge's fixture health (its false fails over its contact cycles): whoever signs in; the call answers only the cassette's company (404 otherwise). */
  { name: 'cartridge.health', path: '/cartridges/:id/health', requiresAuth: true, numeric: ['id'] },
  { name: 'configurations', path: '/configurations', requiresAuth: true },
  { name: 'users', path: '/users', requiresAuth: true },
  { name: 'user.new', path: '/users/new', requiresAuth: true },
  { name: 'user', path: '/users/:user_id', requiresAuth: true, numeric: ['user_id'] },
  { name: 'user.edit', path: '/users/:user_id/edit', requiresAuth: true, numeric: ['user_id'] },
  { name: 'statistics', path: '/statistics', requiresAuth: true },
  /**
   * The operator's run at a jig: the company roles that may scan (contract/permissions.ts
   * `station.scan`); a viewer reads only, and a superadmin stands at no company's jig.
   */
  { name: 'station', path: '/station', requiresAuth: true, roles: STATION_ROLES },
  /** The company's failure codes: everyone reads them, admins edit (contract/permissions.ts). */
  { name: 'failurecodes', path: '/failure-codes', requiresAuth: true },
  /** The logged-in person's notifications (the bell's list): one's own only. */
  { name: 'notifications', path: '/notifications', requiresAuth: true },

  manage('requests', '/requests'),
  manage('request.new', '/requests/new'),
  manage('request.process', '/requests/process/:requestId', ['requestId']),
  manage('enclosureupdates', '/enclosure-updates'),
  manage('cartridgetypes', '/cartridgetypes'),
  manage('cartridgetype', '/cartridgetypes/:id', ['id']),
  manage('enclosures', '/enclosures'),
  manage('enclosure.new', '/enclosures/new'),
  manage('enclosure.edit', '/enclosures/:id', ['id']),
  manage('cassettes', '/cassettes'),
  manage('cartridges', '/cartridges'),
  manage('cartridge', '/cartridges/:id', ['id']),
  manage('resources', '/resources'),
  manage('testfunctions', '/testfunctions'),
  manage('testfunction.new', '/testfunctions/new'),
  manage('testfunction.edit', '/testfunctions/:id', ['id']),
  manage('amsmodules', '/amsmodules'),
  manage('companies', '/companies'),
  manage('company.add', '/companies/add'),
  manage('devices', '/devices'),
];

/** Anything else inside the layout: needs a login, shows "not found". */
export const notFoundRoute: RouteDef = { name: 'notFound', path: '*', requiresAuth: true };
