import { screen, type ScreenRoutes } from '../../app/screen-entry';

/** The bell's list: the logged-in person's notifications. */
export default {
  notifications: screen('Notifications', () => import('./notifications-screen').then((m) => ({ default: m.NotificationsScreen }))),
} satisfies ScreenRoutes;
