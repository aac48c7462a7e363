import { next, resourceAccess } from '../access-world';
import { createTestFunction } from '../test-functions';

/** The test function catalogue: platform rows of no company, so the samples name their own. */
export default resourceAccess({
  setup: async (t) => ({ fn: await createTestFunction(t, { name: 'Matrix supply current' }) }),
  routes: {
    'GET /testfunctiontypes': { access: 'platform', sample: () => ({}) },
    'GET /testfunctions': { access: 'platform', sample: () => ({}) },
    'POST /testfunctions': {
      access: 'platform',
      sample: async (t) => {
        const types = (await t.call('GET', '/v1/testfunctiontypes', { as: 'root' })).json().data as { id: number }[];
        return { body: { name: `Matrix function ${next()}`, test_function_type_id: types[0]!.id } };
      },
    },
    'GET /testfunctions/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.fn }) },
    'PATCH /testfunctions/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.fn, body: { description: `Notes ${next()}` } }) },
    // A fresh row per call: each allowed caller uses one up.
    'DELETE /testfunctions/:id': { access: 'platform', sample: async (t) => ({ id: await createTestFunction(t, { name: `Doomed ${next()}` }) }) },
  },
});
