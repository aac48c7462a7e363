import { resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    'GET /company_types': { access: 'read', sample: () => ({}) },
    'GET /roles': { access: 'read', sample: () => ({}) },
    'GET /companyroles': { access: 'read', sample: () => ({}) },
  },
});
