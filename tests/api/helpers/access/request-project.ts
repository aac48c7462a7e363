import { resourceAccess } from '../access-world';
import { addGroup, requestCatalogue, select } from '../request-catalogue';
import { insertPads, insertRequest } from '../requests';

/** Creating a request's project: the platform's alone. Each call gets a request ready for it. */
export default resourceAccess({
  setup: async (t) => ({ catalogue: await requestCatalogue(t) }),
  routes: {
    'PATCH /requests/:id/project': {
      access: 'platform',
      sample: async (t, w, { catalogue }) => {
        const request = await insertRequest(t, w.ids.company, { confirmed_step: 'mapPadGroups' });
        const pads = await insertPads(t, request, [{ name: 'TP1', x: 10, y: 10 }]);
        const cartridge = await select(t, request, 'cartridge', catalogue.cartridgeTypes.mx);
        await select(t, request, 'module', catalogue.moduleType);
        const group = await addGroup(t, request, { resource_type_id: catalogue.resourceTypes.voltage, pad_ids: pads });
        const map = await t.call('PATCH', `/v1/requests/map_pad_group/${group}`, {
          as: 'root',
          body: { selected_cartridge_id: cartridge, connector_pin_id: catalogue.pins.ain1 },
        });
        if (map.statusCode !== 200) throw new Error(`map: ${map.body}`);
        return { id: request, body: {} };
      },
    },
  },
});
