import { next, resourceAccess } from '../access-world';
import { addCassette } from '../cassettes';
import { requestCatalogue } from '../request-catalogue';
import type { TestApp } from '../test-app';

/** A fresh selected cartridge (MX-64) of the world's project, so each allowed POST has its pin free. */
async function projectCartridge(t: TestApp, projectId: number, cartridgeTypeId: number): Promise<number> {
  const { id } = await t.db
    .insertInto('selected_cartridges')
    .values({ request_id: null, project_id: projectId, cartridge_type_id: cartridgeTypeId, bay: 1, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A project's hardware: read by whoever sees the project, changed by its company's admins and engineers. */
export default resourceAccess({
  setup: async (t, w) => {
    const catalogue = await requestCatalogue(t);
    const config = await t.call('GET', `/v1/projects/${w.ids.project}/cassetteconfiguration`, { as: 'root' });
    if (config.statusCode !== 200) throw new Error(`configuration: ${config.body}`);
    return { catalogue, config: config.json().data.id as number };
  },
  routes: {
    'GET /projects/:id/cassetteconfiguration': { access: 'read', scope: 'project', sample: () => ({}) },
    'PATCH /cassetteconfigurations/:id': {
      access: 'production.edit',
      scope: 'cassetteConfiguration',
      sample: (_t, _w, own) => ({ id: own.config, body: { notes: `Matrix ${next()}` } }),
    },
    'GET /projects/:id/selectedmodules': { access: 'read', scope: 'project', sample: () => ({}) },
    'GET /projects/:id/selectedcartridges': { access: 'read', scope: 'project', sample: () => ({}) },
    'GET /projects/:id/testresources': { access: 'read', scope: 'project', sample: () => ({}) },
    'POST /selected_cartridges/:id/testresources': {
      access: 'production.edit',
      scope: 'selectedCartridge',
      sample: async (t, w, own) => ({
        id: await projectCartridge(t, w.ids.project, own.catalogue.cartridgeTypes.mx),
        body: { name: `Sense ${next()}`, resource_type_id: own.catalogue.resourceTypes.voltage, connector_pin_id: own.catalogue.pins.ain1 },
      }),
    },
    'GET /projects/:id/cassettes': { access: 'read', scope: 'project', sample: () => ({}) },
    'POST /projects/:id/cassettes': {
      access: 'production.edit',
      scope: 'project',
      sample: async (t, w) => ({ body: { cassette_id: await addCassette(t, w.ids.company) } }),
    },
    'GET /projects/:id/hardware/choices': { access: 'read', scope: 'project', sample: () => ({}) },
    'GET /companies/:id/cassetteconfigurations': { access: 'read', scope: 'company', sample: () => ({}) },
  },
});
