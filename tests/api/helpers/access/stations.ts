import '../../../../server/store/enclosure-settings';
import { resourceAccess } from '../access-world';
import { createJig, postReport, reportBody } from '../production';

/** The station's reads: a jig of Alpha that tests the world's project, and a run of it. */
export default resourceAccess({
  setup: async (t, w) => {
    const jig = await createJig(t, w.ids.company);
    await t.db.updateTable('enclosure_settings').set({ project_id: w.ids.project }).where('enclosure_id', '=', jig.id).execute();
    const run = await postReport(t, jig, reportBody({ serial: 'MATRIX-STATION-1', result: 'fail', project_id: w.ids.project, production_batch_id: w.ids.productionBatch }));
    if (run.statusCode !== 201) throw new Error(`run: ${run.body}`);
    return { jig: jig.id, report: run.json().data.report_id as number };
  },
  routes: {
    'GET /stations': { access: 'read', sample: () => ({}) },
    'GET /stations/:id': { access: 'company.read', scope: 'jig', sample: (_t, _w, own) => ({ id: own.jig }) },
    'GET /stations/:id/reports/:report_id': {
      access: 'company.read',
      scope: 'jig',
      sample: (_t, _w, own) => ({ id: own.jig, params: { report_id: own.report } }),
    },
  },
});
