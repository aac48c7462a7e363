import { screen, type ScreenRoutes } from '../../app/screen-entry';

const load = () => import('./index');

export default {
  'manage.companies': screen('Companies', () => load().then((m) => ({ default: m.CompanyListScreen }))),
  'manage.company.add': screen('Add company', () => load().then((m) => ({ default: m.CompanyAddScreen }))),
} satisfies ScreenRoutes;
