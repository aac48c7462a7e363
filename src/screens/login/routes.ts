import { screen, type ScreenRoutes } from '../../app/screen-entry';

export default {
  login: screen('Log in', () => import('./login-screen').then((m) => ({ default: m.LoginScreen }))),
} satisfies ScreenRoutes;
