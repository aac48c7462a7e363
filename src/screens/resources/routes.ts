import { screen, type ScreenRoutes } from '../../app/screen-entry';

export default {
  'manage.resources': screen('Resources', () => import('./resources-screen').then((m) => ({ default: m.ResourcesScreen }))),
} satisfies ScreenRoutes;
