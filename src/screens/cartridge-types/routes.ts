import { screen, type ScreenRoutes } from '../../app/screen-entry';

export default {
  'manage.cartridgetypes': screen('Cartridge types', () => import('./index').then((m) => ({ default: m.CartridgeTypesScreen }))),
  'manage.cartridgetype': screen('Cartridge type', () => import('./index').then((m) => ({ default: m.CartridgeTypeScreen }))),
} satisfies ScreenRoutes;
