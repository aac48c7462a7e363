import { resourceAccess } from '../access-world';
import { createCartridge, insertCartridgeType } from '../cartridges';
import { addCassette } from '../cassettes';

/** A cartridge's maintenance: scoped to the company whose cassette holds the cartridge (Alpha's here). */
export default resourceAccess({
  setup: async (t, w) => {
    const cassette = await addCassette(t, w.ids.company, { serial: 'MATRIX-MAINT-CS' });
    const type = await insertCartridgeType(t, 'Matrix maintenance type');
    return { cartridge: await createCartridge(t, { cartridge_type_id: type, cassette_id: cassette, bay: 1 }) };
  },
  routes: {
    'GET /cartridges/:id/maintenance': { access: 'read', scope: 'cartridge', sample: (_t, _w, own) => ({ id: own.cartridge }) },
    'POST /cartridges/:id/maintenance': {
      access: 'cartridge.maintain',
      scope: 'cartridge',
      sample: (_t, _w, own) => ({ id: own.cartridge, body: { kind: 'cleaned', notes: 'Matrix' } }),
    },
  },
});
