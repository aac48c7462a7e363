import { resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    'GET /projects/:id/devices': { access: 'read', scope: 'project', sample: () => ({}) },
    'GET /devices/:id': { access: 'read', scope: 'device', sample: () => ({}) },
    'GET /devices/:id/reports': { access: 'read', scope: 'device', sample: () => ({}) },
    'GET /devicereports/:id': { access: 'read', scope: 'report', sample: () => ({}) },
  },
});
