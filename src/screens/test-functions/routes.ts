import { screen, type ScreenRoutes } from '../../app/screen-entry';

const load = () => import('./index');

export default {
  'manage.testfunctions': screen('Test functions', () => load().then((m) => ({ default: m.TestFunctionsScreen }))),
  'manage.testfunction.new': screen('New test function', () => load().then((m) => ({ default: m.TestFunctionNewScreen }))),
  'manage.testfunction.edit': screen('Edit test function', () => load().then((m) => ({ default: m.TestFunctionEditScreen }))),
} satisfies ScreenRoutes;
