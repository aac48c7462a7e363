import { resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    'GET /manage/devices': { access: 'platform', sample: () => ({}) },
    // Not scoped rows: the sample names the board, or the panel it is put on first.
    'PATCH /manage/devices/:id': { access: 'platform', sample: (_t, w) => ({ id: w.ids.device, body: {} }) },
    'PATCH /manage/devices/panel/:id': {
      access: 'platform',
      sample: async (t, w) => {
        const set = await t.call('PATCH', `/v1/manage/devices/${w.ids.device}`, { as: 'root', body: { panel_id: 'MATRIX-PANEL' } });
        if (set.statusCode !== 200) throw new Error(`panel_id: ${set.statusCode} ${set.body}`);
        // Into the batch it is in already: allowed, and changes nothing.
        return { id: 'MATRIX-PANEL', body: { production_batch_id: w.ids.productionBatch } };
      },
    },
  },
});
