import { next, resourceAccess } from '../access-world';
import { addPads, createRequest, padGrid } from '../requests';

/** A request's test pads and pogo board: `platform` with no scope, like the request itself. */
export default resourceAccess({
  setup: async (t, w) => {
    const request = await createRequest(t, w.ids.company, { projectname: 'Matrix pads' });
    await addPads(t, request, padGrid(4, { prefix: 'MX' }));
    return { request };
  },
  routes: {
    'GET /requests/:id/testpads': { access: 'platform', sample: (_t, _w, own) => ({ id: own.request }) },
    'POST /requests/:id/testpads': {
      access: 'platform',
      sample: (_t, _w, own) => ({ id: own.request, body: { pads: [{ name: `M${next()}`, net: 'GND', x: 150, y: 150, side: 'bottom', diameter: 1, kind: 'pad' }] } }),
    },
    // A fresh pad per call: each allowed caller deletes one.
    'DELETE /testpads/:id': {
      access: 'platform',
      sample: async (t, _w, own) => ({ id: (await addPads(t, own.request, [{ name: `D${next()}`, net: 'GND', x: 180, y: 180 + Math.random() * 100, side: 'top', diameter: 1, kind: 'pad' }]))[0] }),
    },
    'GET /requests/:id/pogoboard': { access: 'platform', sample: (_t, _w, own) => ({ id: own.request }) },
  },
});
