import { screen, type ScreenRoutes } from '../../app/screen-entry';

export default {
  'manage.enclosureupdates': screen('Enclosure updates', () =>
    import('./enclosure-updates-screen').then((m) => ({ default: m.EnclosureUpdatesScreen })),
  ),
} satisfies ScreenRoutes;
