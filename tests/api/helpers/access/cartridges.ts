import { next, resourceAccess } from '../access-world';
import { calibrationForm, createCartridge, insertCartridgeType, recordCalibration } from '../cartridges';

/** Cartridges and calibrations: platform rows of no company, so the samples name their own. */
export default resourceAccess({
  setup: async (t) => {
    const type = await insertCartridgeType(t, 'Matrix cartridge type');
    const cartridge = await createCartridge(t, { serial: 'MATRIX-CR-1', cartridge_type_id: type });
    const calibration = await recordCalibration(t, cartridge, { certificate: { data: Buffer.from('%PDF-1.4 matrix') } });
    return { type, cartridge, calibration };
  },
  routes: {
    'GET /cartridges': { access: 'platform', sample: () => ({ query: 'status=ok' }) },
    'POST /cartridges': {
      access: 'platform',
      sample: (_t, _w, own) => ({ body: { serial: `MATRIX-CR-${next()}`, cartridge_type_id: own.type } }),
    },
    'GET /cartridges/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.cartridge }) },
    'PATCH /cartridges/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.cartridge, body: { cassette_id: null } }) },
    // A fresh cartridge per call: each allowed caller uses one up.
    'DELETE /cartridges/:id': { access: 'platform', sample: async (t, _w, own) => ({ id: await createCartridge(t, { cartridge_type_id: own.type }) }) },
    'GET /cartridges/:id/calibrations': { access: 'platform', sample: (_t, _w, own) => ({ id: own.cartridge }) },
    'POST /cartridges/:id/calibrations': {
      access: 'platform',
      sample: (_t, _w, own) => ({ id: own.cartridge, body: calibrationForm({ calibrated_at: '2026-02-01', due_at: '2027-02-01', result: 'pass' }) }),
    },
    'GET /calibrations/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.calibration }) },
    'GET /calibrations/:id/certificate': { access: 'platform', sample: (_t, _w, own) => ({ id: own.calibration }) },
  },
});
