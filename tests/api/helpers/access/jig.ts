import { next, resourceAccess } from '../access-world';
import { uploadFirmware } from '../enclosure-updates';
import { reportBody } from '../production';

export default resourceAccess({
  // An update to fetch: without one, GET /jig/update answers 404.
  setup: async (t) => ({ update: await uploadFirmware(t, { description: 'Matrix jig firmware' }) }),
  routes: {
    'POST /jig/reports': {
      access: 'jig',
      sample: (_t, w) => ({
        headers: { 'x-jig-signature': w.production.jig.signature },
        body: reportBody({ serial: `MATRIX-JIG-${next()}`, project_id: w.ids.project, production_batch_id: w.ids.productionBatch }),
      }),
    },
    'GET /jig/update': { access: 'jig', sample: (_t, w) => ({ query: `signature=${w.production.jig.signature}` }) },
  },
});
