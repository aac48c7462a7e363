import { resourceAccess } from '../access-world';
import { PASSWORD } from '../test-app';

export default resourceAccess({
  routes: {
    'POST /login': { access: 'public', sample: () => ({ body: { username: 'alpha-viewer', password: PASSWORD } }) },
    'POST /logout': { access: 'read', sample: () => ({ freshLogin: true }) },
  },
});
