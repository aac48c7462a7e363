import { next, resourceAccess } from '../access-world';

/** Sending a board to repair from its page: a fresh failed board of the world's project per call (a board waits for one repair at a time). */
export default resourceAccess({
  routes: {
    'POST /devices/:id/repairs': {
      access: 'production.edit',
      scope: 'device',
      sample: async (_t, w) => {
        const run = await w.production.report({ serial: `MXR-${next()}`, result: 'fail' });
        if (run.statusCode !== 201) throw new Error(`run: ${run.body}`);
        return { id: run.json().data.device_id, body: { reason: 'Matrix: no boot' } };
      },
    },
  },
});
