import { screen, type ScreenRoutes } from '../../app/screen-entry';

export default {
  'manage.cassettes': screen('All cassettes', () => import('./index').then((m) => ({ default: m.CassettesScreen }))),
  'manage.amsmodules': screen('AMS modules', () => import('./index').then((m) => ({ default: m.ModuleTypesScreen }))),
} satisfies ScreenRoutes;
