import { resourceAccess } from '../access-world';
import { freshEmail } from '../invites';

export default resourceAccess({
  routes: {
    'GET /projects/:id/invites': { access: 'company.read', scope: 'project', sample: () => ({}) },
    'POST /projects/:id/invites': { access: 'production.edit', scope: 'project', sample: () => ({ body: { email: freshEmail('matrix'), role: 'viewer' } }) },
    'PATCH /invites/:id': { access: 'production.edit', scope: 'invite', sample: () => ({ body: { action: 'resend' } }) },
  },
});
