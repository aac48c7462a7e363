import { screen, type ScreenRoutes } from '../../app/screen-entry';

const load = () => import('./index');

export default {
  users: screen('Users', () => load().then((m) => ({ default: m.UserListScreen }))),
  'user.new': screen('Add user', () => load().then((m) => ({ default: m.UserNewScreen }))),
  user: screen('User', () => load().then((m) => ({ default: m.UserShowScreen }))),
  'user.edit': screen('Edit user', () => load().then((m) => ({ default: m.UserEditScreen }))),
} satisfies ScreenRoutes;
