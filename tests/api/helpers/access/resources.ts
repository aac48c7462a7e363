import { next, resourceAccess } from '../access-world';
import { createPinType, createResourceType, insertCartridgeType } from '../resources';

/**
 * Resource types, pin types and the pin map: platform rows of no company, superadmin only
 * (reads too, for now), so the samples name their own rows.
 */
export default resourceAccess({
  setup: async (t) => {
    const pinType = await createPinType(t);
    const resourceType = await createResourceType(t, [pinType]);
    return { pinType, resourceType };
  },
  routes: {
    'GET /resourcetypes': { access: 'platform', sample: () => ({ query: 'search=Resource&sortby=name' }) },
    'POST /resourcetypes': { access: 'platform', sample: (_t, _w, own) => ({ body: { name: `Resource ${next()}`, pin_type_ids: [own.pinType] } }) },
    'GET /resourcetypes/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.resourceType }) },
    'PATCH /resourcetypes/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.resourceType, body: { description: `Notes ${next()}` } }) },
    'DELETE /resourcetypes/:id': { access: 'platform', sample: async (t) => ({ id: await createResourceType(t) }) },
    'GET /resourcetypes/:id/pintypes': { access: 'platform', sample: (_t, _w, own) => ({ id: own.resourceType }) },
    'PUT /resourcetypes/:id/pintypes': { access: 'platform', sample: (_t, _w, own) => ({ id: own.resourceType, body: { pin_type_ids: [own.pinType] } }) },
    'GET /resourcetypes/:id/pinmap': { access: 'platform', sample: (_t, _w, own) => ({ id: own.resourceType }) },
    // A fresh pin per call: each allowed caller maps one.
    'POST /resourcetypes/:id/pinmap': {
      access: 'platform',
      sample: async (t, _w, own) => {
        const cartridge = await insertCartridgeType(t, [{ number: 1, name: 'VOUT', pin_type_id: own.pinType }]);
        return { id: own.resourceType, body: { connector_pin_id: cartridge.pins[0] } };
      },
    },
    'GET /resourcetypes/:id/connectorpins': { access: 'platform', sample: (_t, _w, own) => ({ id: own.resourceType }) },
    'DELETE /pinmap/:id': {
      access: 'platform',
      sample: async (t, _w, own) => {
        const cartridge = await insertCartridgeType(t, [{ number: 1, name: 'VOUT', pin_type_id: own.pinType }]);
        const res = await t.call('POST', `/v1/resourcetypes/${own.resourceType}/pinmap`, { as: 'root', body: { connector_pin_id: cartridge.pins[0] } });
        return { id: res.json().data.id };
      },
    },
    'GET /pintypes': { access: 'platform', sample: () => ({ query: 'search=Pin&sortby=name&sortdesc=true' }) },
    'POST /pintypes': { access: 'platform', sample: () => ({ body: { name: `Pin type ${next()}` } }) },
    'GET /pintypes/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.pinType }) },
    'PATCH /pintypes/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.pinType, body: { description: `Notes ${next()}` } }) },
    'DELETE /pintypes/:id': { access: 'platform', sample: async (t) => ({ id: await createPinType(t) }) },
  },
});
