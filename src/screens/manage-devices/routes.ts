import { screen, type ScreenRoutes } from '../../app/screen-entry';

export default {
  'manage.devices': screen('Devices', () => import('./manage-devices-screen').then((m) => ({ default: m.ManageDevicesScreen }))),
} satisfies ScreenRoutes;
