import { next, resourceAccess } from '../access-world';
import { addCode } from '../repairs';

/**
 * Failure codes: Alpha's list. The unscoped calls name Alpha (`company_id`), so a company's people
 * of another company are refused (403) as the unscoped rows of other permissions are.
 */
export default resourceAccess({
  setup: async (t, w) => ({ code: await addCode(t, w.ids.company, `MX-CODE-${next()}`) }),
  routes: {
    'GET /failure-codes': { access: 'company.read', sample: (_t, w) => ({ query: `company_id=${w.ids.company}&archived=true` }) },
    'POST /failure-codes': {
      access: 'company.manage',
      sample: (_t, w) => ({ query: `company_id=${w.ids.company}`, body: { code: `MX-${next()}`, description: 'Matrix fault' } }),
    },
    'GET /failure-codes/:id': { access: 'company.read', scope: 'failureCode', sample: (_t, _w, own) => ({ id: own.code }) },
    'PATCH /failure-codes/:id': { access: 'company.manage', scope: 'failureCode', sample: (_t, _w, own) => ({ id: own.code, body: { description: `Changed ${next()}` } }) },
    // A fresh code per call: each allowed caller deletes one.
    'DELETE /failure-codes/:id': { access: 'company.manage', scope: 'failureCode', sample: async (t, w) => ({ id: await addCode(t, w.ids.company) }) },
  },
});
