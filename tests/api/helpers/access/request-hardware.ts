import { resourceAccess } from '../access-world';
import { requestCatalogue, select } from '../request-catalogue';
import { insertRequest } from '../requests';

/** Selected modules and cartridges of a request, its capacity and wiring: the platform's alone, unscoped. */
export default resourceAccess({
  setup: async (t, w) => {
    const catalogue = await requestCatalogue(t);
    const request = await insertRequest(t, w.ids.company);
    return {
      catalogue,
      request,
      module: await select(t, request, 'module', catalogue.moduleType, 1),
      cartridge: await select(t, request, 'cartridge', catalogue.cartridgeTypes.mx, 1),
    };
  },
  routes: {
    'GET /requests/:id/selectedmodules': { access: 'platform', sample: (_t, _w, own) => ({ id: own.request }) },
    // A fresh request per call: each allowed caller fills slot 1 of its own.
    'POST /requests/:id/selectedmodules': {
      access: 'platform',
      sample: async (t, w, own) => ({ id: await insertRequest(t, w.ids.company), body: { cassette_module_type_id: own.catalogue.moduleType, slot: 1 } }),
    },
    'GET /selectedmodules/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.module }) },
    'PATCH /selectedmodules/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.module, body: { slot: 1 } }) },
    'DELETE /selectedmodules/:id': {
      access: 'platform',
      sample: async (t, w, own) => ({ id: await select(t, await insertRequest(t, w.ids.company), 'module', own.catalogue.moduleType) }),
    },
    'GET /requests/:id/selectedcartridges': { access: 'platform', sample: (_t, _w, own) => ({ id: own.request }) },
    'POST /requests/:id/selectedcartridges': {
      access: 'platform',
      sample: async (t, w, own) => ({ id: await insertRequest(t, w.ids.company), body: { cartridge_type_id: own.catalogue.cartridgeTypes.mx, bay: 1 } }),
    },
    'GET /selectedcartridges/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.cartridge }) },
    'PATCH /selectedcartridges/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.cartridge, body: { bay: 1 } }) },
    'DELETE /selectedcartridges/:id': {
      access: 'platform',
      sample: async (t, w, own) => ({ id: await select(t, await insertRequest(t, w.ids.company), 'cartridge', own.catalogue.cartridgeTypes.mx) }),
    },
    'GET /requests/:id/capacity': { access: 'platform', sample: (_t, _w, own) => ({ id: own.request }) },
    'GET /requests/:id/wiring': { access: 'platform', sample: (_t, _w, own) => ({ id: own.request, query: 'format=csv' }) },
  },
});
