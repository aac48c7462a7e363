import { next, resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    'GET /projects/:id/releasebatches': { access: 'read', scope: 'project', sample: () => ({}) },
    'POST /projects/:id/releasebatches': { access: 'production.edit', scope: 'project', sample: () => ({ body: { name: `Shipment ${next()}` } }) },
    'GET /releasebatches/:id': { access: 'read', scope: 'releaseBatch', sample: () => ({}) },
    'PATCH /releasebatches/:id': { access: 'production.edit', scope: 'releaseBatch', sample: () => ({ body: { name: `Shipment ${next()}` } }) },
    'DELETE /releasebatches/:id': {
      access: 'production.edit',
      scope: 'releaseBatch',
      sample: async (t, w) => {
        const draft = await t.call('POST', `/v1/projects/${w.ids.project}/releasebatches`, { as: 'root', body: { name: `Draft ${next()}` } });
        return { id: draft.json().data.id };
      },
    },
    'GET /releasebatches/:id/devices': { access: 'read', scope: 'releaseBatch', sample: () => ({}) },
    'GET /projects/:id/devices/unreleased': { access: 'read', scope: 'project', sample: () => ({}) },
    'PATCH /releasebatches/:id/update': { access: 'production.edit', scope: 'releaseBatch', sample: () => ({ body: { add: [] } }) },
  },
});
