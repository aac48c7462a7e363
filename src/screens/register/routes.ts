import { screen, type ScreenRoutes } from '../../app/screen-entry';

export default {
  register: screen('Invitation', () => import('./register-screen').then((m) => ({ default: m.RegisterScreen }))),
} satisfies ScreenRoutes;
