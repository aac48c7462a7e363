import { screen, type ScreenRoutes } from '../../app/screen-entry';

/** A jig's fixture health (its section on the dashboard is the dashboard's own). */
export default {
  'enclosure.health': screen('Fixture health', () => import('./jig-health-screen').then((m) => ({ default: m.JigHealthScreen }))),
  'cartridge.health': screen('Cartridge health', () => import('./cartridge-health-screen').then((m) => ({ default: m.CartridgeHealthScreen }))),
} satisfies ScreenRoutes;
