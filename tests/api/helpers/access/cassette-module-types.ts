import { next, resourceAccess } from '../access-world';
import { addModuleType } from '../cassettes';

/** AMS modules: platform rows of no company, so the samples name their own. */
export default resourceAccess({
  setup: async (t) => ({ moduleType: await addModuleType(t, { name: 'Matrix DMM' }) }),
  routes: {
    'GET /cassettemoduletypes': { access: 'platform', sample: () => ({ query: 'ams_type=dmm' }) },
    'POST /cassettemoduletypes': { access: 'platform', sample: () => ({ body: { name: `Matrix module ${next()}`, ams_type: 'psu' } }) },
    'GET /cassettemoduletypes/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.moduleType }) },
    'PUT /cassettemoduletypes/:id': {
      access: 'platform',
      sample: (_t, _w, own) => ({ id: own.moduleType, body: { name: `Matrix DMM ${next()}`, ams_type: 'dmm' } }),
    },
    // A fresh module type per call: each allowed caller uses one up.
    'DELETE /cassettemoduletypes/:id': { access: 'platform', sample: async (t) => ({ id: await addModuleType(t) }) },
  },
});
