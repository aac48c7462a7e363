import { resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    'GET /companies/:id/statistics': { access: 'read', scope: 'company', sample: () => ({}) },
    'GET /companies/:id/statistics/projects': { access: 'read', scope: 'company', sample: () => ({}) },
    'GET /companies/:id/dashboard': { access: 'read', scope: 'company', sample: () => ({}) },
  },
});
