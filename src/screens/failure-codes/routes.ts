import { screen, type ScreenRoutes } from '../../app/screen-entry';

export default {
  failurecodes: screen('Failure codes', () => import('./failure-codes-screen').then((m) => ({ default: m.FailureCodesScreen }))),
} satisfies ScreenRoutes;
