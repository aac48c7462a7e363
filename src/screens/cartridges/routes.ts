import { screen, type ScreenRoutes } from '../../app/screen-entry';

export default {
  'manage.cartridges': screen('Cartridges', () => import('./cartridges-screen').then((m) => ({ default: m.CartridgesScreen }))),
  'manage.cartridge': screen('Cartridge', () => import('./cartridge-screen').then((m) => ({ default: m.CartridgeScreen }))),
} satisfies ScreenRoutes;
