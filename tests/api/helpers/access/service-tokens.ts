import { resourceAccess } from '../access-world';
import type { TestApp } from '../test-app';

/** A token of the world's company (Alpha), made through the route as Alpha's admin. */
async function createToken(t: TestApp, companyId: number): Promise<number> {
  const res = await t.call('POST', `/v1/companies/${companyId}/service-tokens`, { as: 'alpha-admin', body: { name: 'matrix', role: 'viewer' } });
  if (res.statusCode !== 201) throw new Error(`token not created: ${res.body}`);
  return res.json().data.id;
}

/** Service tokens: a company's admins (and superadmins) manage them. */
export default resourceAccess({
  routes: {
    'GET /companies/:id/service-tokens': { access: 'users.manage', scope: 'company', sample: () => ({}) },
    'POST /companies/:id/service-tokens': { access: 'users.manage', scope: 'company', sample: () => ({ body: { name: 'matrix script', role: 'operator' } }) },
    'DELETE /companies/:id/service-tokens/:tokenId': {
      access: 'users.manage',
      scope: 'company',
      sample: async (t, w) => ({ params: { tokenId: await createToken(t, w.ids.company) } }),
    },
  },
});
