import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenProps } from './screen-props';

type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>;

export type ScreenEntry = {
  title: string;
  Component: LazyExoticComponent<ComponentType<ScreenProps>>;
  /** Starts fetching the chunk early, e.g. beside the layout's, or when a link is hovered. */
  preload: Loader;
};

function screen(title: string, load: Loader): ScreenEntry {
  return { title, Component: lazy(load), preload: load };
}

/** One chunk serves every screen that is not built yet. */
const loadNotBuilt: Loader = () => import('../screens/not-built/not-built-screen').then((m) => ({ default: m.NotBuiltScreen }));
const NotBuilt = lazy(loadNotBuilt);
const notBuilt = (title: string): ScreenEntry => ({ title, Component: NotBuilt, preload: loadNotBuilt });

const loadUsers = () => import('../screens/users');

/** Route name (machines/routes.ts) → screen. A route missing here shows "Page not found". */
export const screens: Record<string, ScreenEntry> = {
  login: screen('Log in', () => import('../screens/login/login-screen').then((m) => ({ default: m.LoginScreen }))),
  register: notBuilt('Register'),
  me: screen('My profile', () => import('../screens/me/me-screen').then((m) => ({ default: m.MeScreen }))),
  dashboard: screen('Dashboard', () =>
    import('../screens/dashboard/dashboard-screen').then((m) => ({ default: m.DashboardScreen })),
  ),
  enclosures: notBuilt('Enclosures'),
  enclosure: notBuilt('Enclosure'),
  projects: notBuilt('Projects'),
  'project.devices': notBuilt('Project devices'),
  'project.hardware': notBuilt('Project hardware'),
  'project.tests': notBuilt('Test configurations'),
  'project.productionbatches': notBuilt('Production batches'),
  'project.productionbatch': notBuilt('Production batch'),
  'project.releasebatches': notBuilt('Release batches'),
  'project.releasebatch.edit': notBuilt('Edit release batch'),
  'project.releasebatch.show': notBuilt('Release batch'),
  'project.manufacturers': notBuilt('Manufacturers'),
  'project.devices.table': notBuilt('Project devices'),
  testprofile: notBuilt('Test profile'),
  cassettes: notBuilt('Cassettes'),
  cassette: notBuilt('Cassette'),
  configurations: notBuilt('Configurations'),
  users: screen('Users', () => loadUsers().then((m) => ({ default: m.UserListScreen }))),
  'user.new': screen('Add user', () => loadUsers().then((m) => ({ default: m.UserNewScreen }))),
  user: screen('User', () => loadUsers().then((m) => ({ default: m.UserShowScreen }))),
  'user.edit': screen('Edit user', () => loadUsers().then((m) => ({ default: m.UserEditScreen }))),
  statistics: notBuilt('Statistics'),

  'manage.requests': notBuilt('Project requests'),
  'manage.request.new': notBuilt('New project request'),
  'manage.request.process': notBuilt('Process project request'),
  'manage.enclosureupdates': notBuilt('Enclosure updates'),
  'manage.cartridgetypes': notBuilt('Cartridge types'),
  'manage.cartridgetype': notBuilt('Cartridge type'),
  'manage.enclosures': notBuilt('Manage enclosures'),
  'manage.enclosure.new': notBuilt('New enclosure'),
  'manage.enclosure.edit': notBuilt('Edit enclosure'),
  'manage.cassettes': notBuilt('Manage cassettes'),
  'manage.cartridges': notBuilt('Cartridges'),
  'manage.cartridge': notBuilt('Cartridge'),
  'manage.resources': notBuilt('Resources'),
  'manage.testfunctions': notBuilt('Test functions'),
  'manage.testfunction.new': notBuilt('New test function'),
  'manage.testfunction.edit': notBuilt('Edit test function'),
  'manage.amsmodules': notBuilt('AMS modules'),
  'manage.companies': screen('Companies', () =>
    import('../screens/companies').then((m) => ({ default: m.CompanyListScreen })),
  ),
  'manage.company.add': screen('Add company', () =>
    import('../screens/companies').then((m) => ({ default: m.CompanyAddScreen })),
  ),
  'manage.devices': notBuilt('Manage devices'),

  notFound: screen('Page not found', () =>
    import('../screens/not-found/not-found-screen').then((m) => ({ default: m.NotFoundScreen })),
  ),
};

/** The Dashboard is also reachable as `/Dash` (SPEC §2): the same screen, not a copy. */
screens.Dash = screens.dashboard;

export function screenFor(routeName: string): ScreenEntry {
  return screens[routeName] ?? screens.notFound;
}
