import { next, resourceAccess } from '../access-world';
import { registerEnclosure } from '../enclosures';

/** Enclosures: platform rows (no scope), so the samples name their own. */
export default resourceAccess({
  setup: async (t) => ({ enclosure: await registerEnclosure(t) }),
  routes: {
    'GET /enclosures': { access: 'platform', sample: () => ({ query: 'provisioning=unprovisioned&search=ENC' }) },
    'POST /enclosures': { access: 'platform', sample: () => ({ body: { serial: `ENC-${next()}`, name: 'New jig' } }) },
    'GET /enclosures/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.enclosure }) },
    'POST /enclosures/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.enclosure, body: { name: `Jig ${next()}` } }) },
    // A fresh enclosure per call: provisioning moves it on, so a second call would be a 409.
    'PUT /enclosures/:id': {
      access: 'platform',
      sample: async (t) => ({ id: await registerEnclosure(t), query: 'provisioning=provisioned' }),
    },
    'DELETE /enclosures/:id': { access: 'platform', sample: async (t) => ({ id: await registerEnclosure(t) }) },
  },
});
