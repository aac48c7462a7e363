import { screen, type ScreenRoutes } from '../../app/screen-entry';

/** Not a route of machines/routes.ts: what screens.ts shows for a route no folder claims. */
export default {
  notFound: screen('Page not found', () => import('./not-found-screen').then((m) => ({ default: m.NotFoundScreen }))),
} satisfies ScreenRoutes;
