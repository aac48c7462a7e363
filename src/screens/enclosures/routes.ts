import { screen, type ScreenRoutes } from '../../app/screen-entry';

const load = () => import('./index');

/** The platform's jig management (/manage/enclosures…) and a company's own jigs (/enclosures…), which share the jig's badges. */
export default {
  'manage.enclosures': screen('All enclosures', () => load().then((m) => ({ default: m.EnclosureListScreen }))),
  'manage.enclosure.new': screen('Register enclosure', () => load().then((m) => ({ default: m.EnclosureNewScreen }))),
  'manage.enclosure.edit': screen('Enclosure', () => load().then((m) => ({ default: m.EnclosureEditScreen }))),
  enclosures: screen('Enclosures', () => import('./jig-list-screen').then((m) => ({ default: m.JigListScreen }))),
  enclosure: screen('Enclosure', () => import('./jig-screen').then((m) => ({ default: m.JigScreen }))),
} satisfies ScreenRoutes;
