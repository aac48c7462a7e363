import { screen, type ScreenRoutes } from '../../app/screen-entry';

const load = () => import('./index');

export default {
  'manage.enclosures': screen('Enclosures', () => load().then((m) => ({ default: m.EnclosureListScreen }))),
  'manage.enclosure.new': screen('Register enclosure', () => load().then((m) => ({ default: m.EnclosureNewScreen }))),
  'manage.enclosure.edit': screen('Enclosure', () => load().then((m) => ({ default: m.EnclosureEditScreen }))),
} satisfies ScreenRoutes;
