import { sharedScreen, type ScreenRoutes } from '../../app/screen-entry';

/**
 * The routes of SPEC §2 whose screens are not built yet: one chunk serves them all. A folder
 * that builds one claims its route in its own routes.ts and takes its line out of here
 * (src/app/screens.test.ts refuses a route claimed twice).
 */
const notBuilt = sharedScreen(() => import('./not-built-screen').then((m) => ({ default: m.NotBuiltScreen })));

export default {
  cassettes: notBuilt('Cassettes'),
  cassette: notBuilt('Cassette'),
  configurations: notBuilt('Configurations'),
} satisfies ScreenRoutes;
