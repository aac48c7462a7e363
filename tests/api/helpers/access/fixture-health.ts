import { resourceAccess } from '../access-world';

/** Alpha's fixture health: named by `company_id`, so another company's people are refused (403). */
export default resourceAccess({
  routes: {
    'GET /statistics/fixture-health': { access: 'company.read', sample: (_t, w) => ({ query: `company_id=${w.ids.company}` }) },
  },
});
