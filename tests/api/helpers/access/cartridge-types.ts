import { next, resourceAccess } from '../access-world';
import { addPin, cartridgeFirmwareForm, createType, uploadCartridgeFirmware } from '../cartridge-types';

/** Cartridge types, their pins and firmware: platform rows of no company, so the samples name their own. */
export default resourceAccess({
  setup: async (t) => {
    const type = await createType(t, `Matrix cartridge ${next()}`);
    return {
      type,
      pin: await addPin(t, type, { number: 1, name: 'GND' }),
      firmware: await uploadCartridgeFirmware(t, type, { version: 'matrix-1' }),
    };
  },
  routes: {
    'GET /cartridgetypes': { access: 'platform', sample: () => ({}) },
    'POST /cartridgetypes': { access: 'platform', sample: () => ({ body: { name: `Matrix type ${next()}` } }) },
    'GET /cartridgetypes/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.type }) },
    'PATCH /cartridgetypes/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.type, body: { description: `Notes ${next()}` } }) },
    'DELETE /cartridgetypes/:id': { access: 'platform', sample: async (t) => ({ id: await createType(t, `Doomed type ${next()}`) }) },
    'POST /cartridgetypes/:id/connectorpins': {
      access: 'platform',
      sample: (_t, _w, own) => ({ id: own.type, body: { number: 100 + Number(next().split('-')[0]), name: 'VBUS' } }),
    },
    'PATCH /manage/connectorpins/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.pin, body: { name: `GND ${next()}` } }) },
    'DELETE /manage/connectorpins/:id': {
      access: 'platform',
      sample: async (t, _w, own) => ({ id: await addPin(t, own.type, { number: 5000 + Number(next().split('-')[0]), name: 'Doomed' }) }),
    },
    'GET /cartridgetypes/:id/firmware': { access: 'platform', sample: (_t, _w, own) => ({ id: own.type }) },
    'POST /cartridgetypes/:id/firmware': {
      access: 'platform',
      sample: (_t, _w, own) => ({ id: own.type, body: cartridgeFirmwareForm({ version: `v-${next()}`, data: Buffer.from('cartridge bytes') }) }),
    },
    'GET /firmware/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.firmware }) },
    'DELETE /firmware/:id': {
      access: 'platform',
      sample: async (t, _w, own) => ({ id: await uploadCartridgeFirmware(t, own.type, { version: `doomed-${next()}` }) }),
    },
  },
});
