import { next, resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    'GET /projects/:id/manufacturers': { access: 'read', scope: 'project', sample: () => ({}) },
    'POST /projects/:id/manufacturers': { access: 'production.edit', scope: 'project', sample: () => ({ body: { name: `Matrix maker ${next()}` } }) },
  },
});
