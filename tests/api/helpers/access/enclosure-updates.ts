import { next, resourceAccess } from '../access-world';
import { firmwareForm, uploadFirmware } from '../enclosure-updates';

/** Firmware for the jigs: platform rows of no company, so the samples name their own. */
export default resourceAccess({
  setup: async (t) => ({ update: await uploadFirmware(t, { description: 'Matrix firmware' }) }),
  routes: {
    'GET /enclosure-updates': { access: 'platform', sample: () => ({}) },
    'POST /enclosure-updates': {
      access: 'platform',
      sample: () => ({
        body: firmwareForm({ description: `Matrix firmware ${next()}`, data: Buffer.from('firmware bytes') }),
      }),
    },
    'GET /enclosure-updates/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.update }) },
    'PATCH /enclosure-updates/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.update, body: { patch_notes: `Notes ${next()}` } }) },
    'GET /enclosure-updates/:id/firmware': { access: 'platform', sample: (_t, _w, own) => ({ id: own.update }) },
    // A fresh update per call: each allowed caller uses one up.
    'DELETE /enclosure-updates/:id': { access: 'platform', sample: async (t) => ({ id: await uploadFirmware(t, { description: `Doomed ${next()}` }) }) },
  },
});
