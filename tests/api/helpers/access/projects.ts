import { next, resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    'GET /companies/:id/projects': { access: 'read', scope: 'company', sample: () => ({}) },
    'POST /projects': { access: 'platform', sample: (t) => ({ body: { company_id: t.companyIds.alpha, name: `Matrix ${next()}` } }) },
    'GET /projects/:id': { access: 'read', scope: 'project', sample: () => ({}) },
    'PATCH /projects/:id': { access: 'company.manage', scope: 'project', sample: () => ({ body: { description: `Changed ${next()}` } }) },
  },
});
