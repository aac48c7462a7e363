import { next, resourceAccess } from '../access-world';

export default resourceAccess({
  routes: {
    'GET /projects/:id/productionbatches': { access: 'read', scope: 'project', sample: () => ({}) },
    'GET /projects/:id/yields': { access: 'read', scope: 'project', sample: () => ({}) },
    'POST /projects/:id/productionbatches': {
      access: 'production.edit',
      scope: 'project',
      sample: (_t, w) => ({
        body: { name: `Lot ${next()}`, manufacturer_id: w.production.manufacturerId, planned_quantity: 10 },
      }),
    },
    'GET /productionbatches/:id': { access: 'read', scope: 'productionBatch', sample: () => ({}) },
    'PATCH /productionbatches/:id': { access: 'production.edit', scope: 'productionBatch', sample: () => ({ body: { planned_quantity: 120 } }) },
    'DELETE /productionbatches/:id': { access: 'production.edit', scope: 'productionBatch', sample: async (_t, w) => ({ id: await w.production.addBatch(`Matrix empty lot ${next()}`) }) },
    'GET /productionbatches/:id/devices': { access: 'read', scope: 'productionBatch', sample: () => ({}) },
    'GET /batch/:id/totals': { access: 'read', scope: 'productionBatch', sample: () => ({}) },
    'GET /batch/:id/firstpasses': { access: 'read', scope: 'productionBatch', sample: () => ({}) },
  },
});
