import { screen, type ScreenRoutes } from '../../app/screen-entry';

export default {
  statistics: screen('Statistics', () => import('./statistics-screen').then((m) => ({ default: m.StatisticsScreen }))),
} satisfies ScreenRoutes;
