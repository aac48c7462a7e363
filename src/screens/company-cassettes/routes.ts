import { screen, type ScreenRoutes } from '../../app/screen-entry';

/** The company's own cassettes and configurations; /manage/cassettes is the platform's (screens/cassettes). */
export default {
  cassettes: screen('Cassettes', () => import('./index').then((m) => ({ default: m.CompanyCassettesScreen }))),
  cassette: screen('Cassette', () => import('./index').then((m) => ({ default: m.CompanyCassetteScreen }))),
  configurations: screen('Configurations', () => import('./index').then((m) => ({ default: m.ConfigurationsScreen }))),
} satisfies ScreenRoutes;
