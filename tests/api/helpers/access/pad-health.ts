import { resourceAccess } from '../access-world';

/** A project's pad health: the project's company's own people (a member of another company is refused, 403). */
export default resourceAccess({
  routes: {
    'GET /projects/:id/pad-health': { access: 'company.read', scope: 'project', sample: () => ({}) },
  },
});
