import { resourceAccess } from '../access-world';
import { createCartridge, insertCartridgeType } from '../cartridges';
import { addCassette } from '../cassettes';

/** A cartridge's fixture health: the company's own people, scoped to the company whose cassette holds it (Alpha's here). */
export default resourceAccess({
  setup: async (t, w) => {
    const cassette = await addCassette(t, w.ids.company, { serial: 'MATRIX-HEALTH-CS' });
    const type = await insertCartridgeType(t, 'Matrix health type');
    return { cartridge: await createCartridge(t, { cartridge_type_id: type, cassette_id: cassette, bay: 1 }) };
  },
  routes: {
    'GET /cartridges/:id/health': { access: 'company.read', scope: 'cartridge', sample: (_t, _w, own) => ({ id: own.cartridge }) },
  },
});
