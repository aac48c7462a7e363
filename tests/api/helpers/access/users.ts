import { resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    'GET /users': { access: 'platform', sample: () => ({}) },
    'GET /users/:id': { access: 'read', scope: 'user', sample: () => ({}) },
    'PATCH /users/:id': { access: 'user.edit', scope: 'user', sample: () => ({ body: {} }) },
  },
});
