import { next, resourceAccess } from '../access-world';
import { addCassette, addModuleType } from '../cassettes';

/** Cassettes: Alpha's rows, scoped to their company. */
export default resourceAccess({
  setup: async (t, w) => ({
    cassette: await addCassette(t, w.ids.company, { serial: 'MATRIX-CS-1' }),
    moduleType: await addModuleType(t, { name: 'Matrix cassette PSU', ams_type: 'psu' }),
  }),
  routes: {
    'GET /cassettes': { access: 'platform', sample: (_t, w) => ({ query: `company_id=${w.ids.company}` }) },
    'POST /cassettes': {
      access: 'platform',
      sample: (_t, w) => ({ body: { serial: `MATRIX-CS-${next()}`, name: 'Matrix cassette', company_id: w.ids.company } }),
    },
    'GET /companies/:id/cassettes': { access: 'read', scope: 'company', sample: () => ({ query: 'search=matrix' }) },
    'GET /cassettes/:id': { access: 'read', scope: 'cassette', sample: (_t, _w, own) => ({ id: own.cassette }) },
    'PATCH /cassettes/:id': { access: 'platform', scope: 'cassette', sample: (_t, _w, own) => ({ id: own.cassette, body: { name: `Matrix ${next()}` } }) },
    'PUT /cassettes/:id/modules': {
      access: 'platform',
      scope: 'cassette',
      sample: (_t, _w, own) => ({ id: own.cassette, body: { modules: [{ slot: 1, cassette_module_type_id: own.moduleType }] } }),
    },
    // A fresh cassette per call: each allowed caller uses one up.
    'DELETE /cassettes/:id': { access: 'platform', scope: 'cassette', sample: async (t, w) => ({ id: await addCassette(t, w.ids.company) }) },
  },
});
