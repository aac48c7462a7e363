import { next, resourceAccess } from '../access-world';
import { reportBody } from '../production';

export default resourceAccess({
  routes: {
    'POST /jig/reports': {
      access: 'jig',
      sample: (_t, w) => ({
        headers: { 'x-jig-signature': w.production.jig.signature },
        body: reportBody({ serial: `MATRIX-JIG-${next()}`, project_id: w.ids.project, production_batch_id: w.ids.productionBatch }),
      }),
    },
  },
});
