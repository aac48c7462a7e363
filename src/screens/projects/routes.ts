import { screen, sharedScreen, type ScreenRoutes } from '../../app/screen-entry';

const load = () => import('./index');

/**
 * Every `/projects/{id}…` route is one screen (the project shell picks its section by route
 * name): one lazy component, so moving between a project's tabs never waits for a chunk.
 */
const projectSection = sharedScreen(() => load().then((m) => ({ default: m.ProjectScreen })));

export default {
  projects: screen('Projects', () => load().then((m) => ({ default: m.ProjectListScreen }))),
  'project.devices': projectSection('Devices'),
  'project.hardware': projectSection('Project hardware'),
  'project.tests': projectSection('Test profiles'),
  'project.productionbatches': projectSection('Production batches'),
  'project.productionbatch': projectSection('Production batch'),
  'project.releasebatches': projectSection('Release batches'),
  'project.releasebatch.edit': projectSection('Edit release batch'),
  'project.releasebatch.show': projectSection('Release batch'),
  'project.manufacturers': projectSection('Manufacturers'),
  'project.devices.table': projectSection('Devices'),
  'project.repairs': projectSection('Repairs'),
  'project.repair': projectSection('Repair'),
  testprofile: screen('Test profile', () => load().then((m) => ({ default: m.TestProfileScreen }))),
  'testprofile.whatif': screen('Try new limits', () => import('./tests/what-if/what-if-screen').then((m) => ({ default: m.WhatIfScreen }))),
} satisfies ScreenRoutes;
