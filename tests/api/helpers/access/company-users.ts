import { next, resourceAccess } from '../access-world';
import { PASSWORD } from '../test-app';

export default resourceAccess({
  routes: {
    'GET /companies/:id/users': { access: 'read', scope: 'company', sample: () => ({}) },
    'POST /companies/:id/users': {
      access: 'users.manage',
      scope: 'company',
      sample: (t) => {
        const username = `matrix-user-${next()}`;
        return {
          body: { username, email: `${username}@example.com`, password: PASSWORD, password_confirmation: PASSWORD, role_ids: [t.roleIds.viewer] },
        };
      },
    },
  },
});
