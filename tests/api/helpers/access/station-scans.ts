import '../../../../server/store/enclosure-settings';
import { next, resourceAccess } from '../access-world';
import { createJig } from '../production';

/** The station: scans at a jig of Alpha that tests the world's project, a fresh serial per call. */
export default resourceAccess({
  setup: async (t, w) => {
    const jig = await createJig(t, w.ids.company);
    await t.db.updateTable('enclosure_settings').set({ project_id: w.ids.project }).where('enclosure_id', '=', jig.id).execute();
    return { jig: jig.id };
  },
  routes: {
    'POST /stations/:id/scans': { access: 'station.scan', scope: 'jig', sample: (_t, _w, own) => ({ id: own.jig, body: { serial: `MX-${next()}` } }) },
  },
});
