import '../../../../server/store/enclosure-settings';
import { next, resourceAccess } from '../access-world';
import { createJig, postReport, reportBody } from '../production';

/**
 * The station: scans at a jig of Alpha that tests the world's project, a fresh serial per call;
 * an acknowledgement needs a scan whose run failed, made fresh for each call.
 */
export default resourceAccess({
  setup: async (t, w) => {
    const jig = await createJig(t, w.ids.company);
    await t.db.updateTable('enclosure_settings').set({ project_id: w.ids.project }).where('enclosure_id', '=', jig.id).execute();
    return { jig };
  },
  routes: {
    'POST /stations/:id/scans': { access: 'station.scan', scope: 'jig', sample: (_t, _w, own) => ({ id: own.jig.id, body: { serial: `MX-${next()}` } }) },
    'POST /stations/:id/scans/:scan_id/acknowledge': {
      access: 'station.scan',
      scope: 'jig',
      sample: async (t, w, own) => {
        const serial = `MXF-${next()}`;
        const scan = await t.call('POST', `/v1/stations/${own.jig.id}/scans`, { as: 'root', body: { serial } });
        if (scan.statusCode !== 201) throw new Error(`scan: ${scan.body}`);
        const run = await postReport(t, own.jig, reportBody({ serial, result: 'fail', project_id: w.ids.project, production_batch_id: w.ids.productionBatch }));
        if (run.statusCode !== 201) throw new Error(`run: ${run.body}`);
        return { id: own.jig.id, params: { scan_id: scan.json().data.scan_id }, body: { choice: 'retest' } };
      },
    },
  },
});
