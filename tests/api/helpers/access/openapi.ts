import { resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    'GET /openapi.json': { access: 'public', sample: () => ({}) },
  },
});
