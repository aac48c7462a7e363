import { next, resourceAccess } from '../access-world';
import { createRequest, requestForm, schematic } from '../requests';

/** Project requests and their documents: the superadmin's work, so every row is `platform` with no scope. */
export default resourceAccess({
  setup: async (t, w) => {
    const request = await createRequest(t, w.ids.company, { projectname: 'Matrix request' });
    const files = await t.call('GET', `/v1/requests/${request}/files`, { as: 'root' });
    return { request, file: files.json().data[0].id as number };
  },
  routes: {
    'GET /requests': { access: 'platform', sample: (_t, w) => ({ query: `company_id=${w.ids.company}&status=submitted` }) },
    'POST /manage/request': {
      access: 'platform',
      sample: (_t, w) => ({ body: requestForm({ projectname: `Matrix ${next()}`, company_id: w.ids.company, documents: [schematic()] }) }),
    },
    'GET /requests/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.request }) },
    'POST /requests/:id/review': {
      access: 'platform',
      // A fresh request each: reviewing one already reviewed by another caller is a 409.
      sample: async (t, w) => ({ id: await createRequest(t, w.ids.company, { projectname: `Matrix review ${next()}` }) }),
    },
    'PATCH /requests/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.request, body: { projectname: `Matrix ${next()}` } }) },
    'GET /requests/:id/files': { access: 'platform', sample: (_t, _w, own) => ({ id: own.request }) },
    'GET /requestfiles/:id': { access: 'platform', sample: (_t, _w, own) => ({ id: own.file }) },
  },
});
