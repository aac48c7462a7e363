import { next, resourceAccess } from '../access-world';
import { addStep, createProfile } from '../test-profiles';

/** Limit what-if on a profile of Alpha's project: editors replay and publish, members read why a draft was made. */
export default resourceAccess({
  setup: async (t, w) => {
    const profile = await createProfile(t, w.ids.project, { name: `Matrix what-if ${next()}`, version: '1' });
    await addStep(t, profile, { name: 'power on', low: 3.1, high: 3.5, unit: 'V' });
    return { profile };
  },
  routes: {
    'POST /testprofiles/:id/what-if': {
      access: 'production.edit',
      scope: 'testProfile',
      sample: (_t, _w, own) => ({ id: own.profile, body: { limits: [{ step: 'power on', low: 3.0, high: 3.6 }] } }),
    },
    'POST /testprofiles/:id/limit-proposals': {
      access: 'production.edit',
      scope: 'testProfile',
      sample: (_t, _w, own) => ({ id: own.profile, body: { limits: [{ step: 'power on', low: 3.0, high: 3.6 }], reason: 'Wider after the probe change', version: `p-${next()}` } }),
    },
    'GET /testprofiles/:id/limit-proposal': { access: 'read', scope: 'testProfile', sample: (_t, _w, own) => ({ id: own.profile }) },
  },
});
