import { fullScreen, type ScreenRoutes } from '../../app/screen-entry';

export default {
  station: fullScreen('Station', () => import('./station-screen').then((m) => ({ default: m.StationScreen }))),
} satisfies ScreenRoutes;
