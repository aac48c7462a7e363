import { screen, type ScreenRoutes } from '../../app/screen-entry';

export default {
  me: screen('My profile', () => import('./me-screen').then((m) => ({ default: m.MeScreen }))),
} satisfies ScreenRoutes;
