import { next, resourceAccess } from '../access-world';
import { addStep, createProfile } from '../test-profiles';

/** A step's run chart and a profile's run-rule violations: read with the profile, Alpha's project. */
export default resourceAccess({
  setup: async (t, w) => {
    const profile = await createProfile(t, w.ids.project, { name: `Matrix rules ${next()}`, version: '1' });
    await addStep(t, profile, { name: 'power on', low: 3.1, high: 3.5, unit: 'V' });
    return { profile };
  },
  routes: {
    'GET /testprofiles/:id/runchart': { access: 'read', scope: 'testProfile', sample: (_t, _w, own) => ({ id: own.profile, query: 'step=power%20on' }) },
    'GET /testprofiles/:id/violations': { access: 'read', scope: 'testProfile', sample: (_t, _w, own) => ({ id: own.profile }) },
  },
});
