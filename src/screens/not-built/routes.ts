import type { ScreenRoutes } from '../../app/screen-entry';

/**
 * The routes of SPEC §2 whose screens are not built yet: none today. A route added to
 * machines/routes.ts before its screen claims it here, served by one shared chunk:
 * `sharedScreen(() => import('./not-built-screen').then((m) => ({ default: m.NotBuiltScreen })))('Title')`,
 * and the folder that builds it takes its line out (src/app/screens.test.ts refuses a route claimed twice).
 */
export default {} satisfies ScreenRoutes;
