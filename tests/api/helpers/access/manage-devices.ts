import { resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    'GET /manage/devices': { access: 'platform', sample: () => ({}) },
    // Not scoped rows: the sample names the board, and the batch whose panel it corrects.
    'PATCH /manage/devices/:id': { access: 'platform', sample: (_t, w) => ({ id: w.ids.device, body: {} }) },
    'PATCH /manage/devices/panel/:id': {
      access: 'platform',
      sample: (_t, w) => ({
        id: w.ids.productionBatch,
        body: { device_ids: [w.ids.device], production_batch_id: w.ids.otherBatch },
      }),
    },
  },
});
