import { resourceAccess } from '../access-world';

/** The project's pads read: whoever sees the project. */
export default resourceAccess({
  routes: {
    'GET /projects/:id/pads': { access: 'read', scope: 'project', sample: () => ({}) },
  },
});
