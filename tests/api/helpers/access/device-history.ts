import { resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    'GET /devices/:id/history': { access: 'read', scope: 'device', sample: () => ({}) },
  },
});
