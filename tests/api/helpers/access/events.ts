import { resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    // A stream: the matrix's server ends each one at once (access-matrix.test.ts), so the call returns.
    'GET /events': { access: 'read', sample: (_t, w) => ({ query: `company_id=${w.ids.company}` }) },
  },
});
