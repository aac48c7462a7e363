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
const loadProjects = () => import('../screens/projects');

/**
 * Every `/projects/{id}…` route is one screen (the project shell picks its section by route
 * name): one lazy component, so moving between a project's tabs never waits for a chunk.
 */
const loadProject: Loader = () => loadProjects().then((m) => ({ default: m.ProjectScreen }));
const ProjectShell = lazy(loadProject);
const projectSection = (title: string): ScreenEntry => ({ title, Component: ProjectShell, preload: loadProject });

/** Route name (machines/routes.ts) → screen. A route missing here shows "Page not found". */
export const screens: Record<string, ScreenEntry> = {
  login: screen('Log in', () => import('../screens/login/login-screen').then((m) => ({ default: m.LoginScreen }))),
  register: screen('Invitation', () =>
    import('../screens/register/register-screen').then((m) => ({ default: m.RegisterScreen })),
  ),
  me: screen('My profile', () => import('../screens/me/me-screen').then((m) => ({ default: m.MeScreen }))),
  dashboard: screen('Dashboard', () =>
    import('../screens/dashboard/dashboard-screen').then((m) => ({ default: m.DashboardScreen })),
  ),
  enclosures: notBuilt('Enclosures'),
  enclosure: notBuilt('Enclosure'),
  projects: screen('Projects', () => loadProjects().then((m) => ({ default: m.ProjectListScreen }))),
  'project.devices': projectSection('Devices'),
  'project.hardware': projectSection('Project hardware'),
  'project.tests': projectSection('Test configurations'),
  'project.productionbatches': projectSection('Production batches'),
  'project.productionbatch': projectSection('Production batch'),
  'project.releasebatches': projectSection('Release batches'),
  'project.releasebatch.edit': projectSection('Edit release batch'),
  'project.releasebatch.show': projectSection('Release batch'),
  'project.manufacturers': projectSection('Manufacturers'),
  'project.devices.table': projectSection('Devices'),
  testprofile: notBuilt('Test profile'),
  cassettes: notBuilt('Cassettes'),
  cassette: notBuilt('Cassette'),
  configurations: notBuilt('Configurations'),
  users: screen('Users', () => loadUsers().then((m) => ({ default: m.UserListScreen }))),
  'user.new': screen('Add user', () => loadUsers().then((m) => ({ default: m.UserNewScreen }))),
  user: screen('User', () => loadUsers().then((m) => ({ default: m.UserShowScreen }))),
  'user.edit': screen('Edit user', () => loadUsers().then((m) => ({ default: m.UserEditScreen }))),
  statistics: screen('Statistics', () =>
    import('../screens/statistics/statistics-screen').then((m) => ({ default: m.StatisticsScreen })),
  ),

  'manage.requests': notBuilt('Project requests'),
  'manage.request.new': notBuilt('New project request'),
  'manage.request.process': notBuilt('Process project request'),
  'manage.enclosureupdates': screen('Enclosure updates', () =>
    import('../screens/enclosure-updates').then((m) => ({ default: m.EnclosureUpdatesScreen })),
  ),
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
