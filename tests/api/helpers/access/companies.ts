import { next, resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    'GET /companies': { access: 'platform', sample: () => ({}) },
    'POST /companies': { access: 'platform', sample: () => ({ body: { name: `Matrix Co ${next()}`, type: 'customer' } }) },
    'GET /company': { access: 'read', sample: () => ({}) },
    'GET /companies/:id': { access: 'read', scope: 'company', sample: () => ({}) },
    'PATCH /companies/:id': { access: 'company.manage', scope: 'company', sample: () => ({ body: {} }) },
  },
});
