import { next, resourceAccess } from '../access-world';
import { addGroup, requestCatalogue, select } from '../request-catalogue';
import { insertPads, insertRequest, padRow } from '../requests';

/** Test pad groups of a request and their mapping: the platform's alone, unscoped. */
export default resourceAccess({
  setup: async (t, w) => {
    const catalogue = await requestCatalogue(t);
    const request = await insertRequest(t, w.ids.company);
    const pads = await insertPads(t, request, padRow(3));
    return {
      catalogue,
      request,
      pads,
      group: await addGroup(t, request, { resource_type_id: catalogue.resourceTypes.voltage, pad_ids: [pads[0]] }),
      cartridge: await select(t, request, 'cartridge', catalogue.cartridgeTypes.mx),
    };
  },
  routes: {
    'GET /requests/:id/testpadgroups': { access: 'platform', sample: (_t, _w, own) => ({ id: own.request }) },
    'POST /requests/:id/testpadgroups': {
      access: 'platform',
      sample: (_t, _w, own) => ({ id: own.request, body: { name: `Matrix ${next()}`, resource_type_id: own.catalogue.resourceTypes.voltage, pad_ids: [own.pads[1]] } }),
    },
    'POST /requests/:id/testpadgroups/bynet': {
      access: 'platform',
      sample: (_t, _w, own) => ({ id: own.request, body: { resource_type_id: own.catalogue.resourceTypes.voltage, pad_ids: [own.pads[2]] } }),
    },
    'GET /testpadgroups/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.group }) },
    'PATCH /testpadgroups/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.group, body: { name: `Matrix ${next()}`, add_pad_ids: [own.pads[2]] } }) },
    // A fresh group per call: each allowed caller deletes one.
    'DELETE /testpadgroups/:id': {
      access: 'platform',
      sample: async (t, _w, own) => ({ id: await addGroup(t, own.request, { resource_type_id: own.catalogue.resourceTypes.voltage }) }),
    },
    'PATCH /requests/:id/map_pad_groups': {
      access: 'platform',
      sample: (_t, _w, own) => ({
        id: own.request,
        body: { mappings: [{ group_id: own.group, selected_cartridge_id: own.cartridge, connector_pin_id: own.catalogue.pins.ain1 }] },
      }),
    },
    'GET /requests/:id/map_pad_groups/proposal': { access: 'platform', sample: (_t, _w, own) => ({ id: own.request }) },
    // The caller's list: the same pin each time, so every allowed caller's apply succeeds.
    'POST /requests/:id/map_pad_groups/proposal': {
      access: 'platform',
      sample: (_t, _w, own) => ({
        id: own.request,
        body: { mappings: [{ group_id: own.group, selected_cartridge_id: own.cartridge, connector_pin_id: own.catalogue.pins.ain1 }] },
      }),
    },
    'PATCH /requests/map_pad_group/:id': {
      access: 'platform',
      sample: (_t, _w, own) => ({ id: own.group, body: { selected_cartridge_id: own.cartridge, connector_pin_id: own.catalogue.pins.ain1 } }),
    },
  },
});
