import { listOf, oneOf, pageOf } from '../../contract/envelope';
import {
  cassetteConfigurationInput,
  cassetteConfigurationSchema,
  companyConfigurationListQuery,
  companyConfigurationSchema,
  hardwareChoicesSchema,
  projectCassetteInput,
  projectCassetteSchema,
  testResourceInput,
  testResourceListQuery,
  testResourceSchema,
} from '../../contract/hardware';
import { selectedCartridgeSchema, selectedModuleSchema } from '../../contract/requests';
import { defineRoutes } from '../http/route';
import { addTestResource, assignCassette, changeConfiguration, projectConfiguration } from '../services/hardware';
import { hardwareChoices, listCompanyConfigurations, listProjectCassettes, listTestResources, projectCartridges, projectModules } from '../store/hardware';

/**
 * A project's hardware (SPEC §7): its cassette configuration, selected modules and
 * cartridges, test resources and cassettes. Whoever sees the project reads them; its company's
 * admins and engineers (and superadmins) change them.
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/projects/:id/cassetteconfiguration',
    summary: "The project's cassette configuration",
    description: 'Module types by slot and cartridge types by bay (the project’s selected modules and cartridges); made on first read for a project that has none.',
    access: 'read',
    scope: 'project',
    response: oneOf(cassetteConfigurationSchema),
    handler: async ({ row }) => ({ data: await projectConfiguration(db, row.id) }),
  });

  route({
    method: 'PATCH',
    url: '/cassetteconfigurations/:id',
    summary: 'Change a cassette configuration',
    description:
      'Name, notes, slot and bay counts, and the whole set of `modules` [{slot, cassette_module_type_id}] and `cartridges` [{bay, cartridge_type_id}]. ' +
      'A slot or bay past the count, listed twice, or an unknown type → 422 on that entry (`modules.0.slot`); fewer slots than are used → 422 on `module_slots`. ' +
      'A cartridge that changes type or leaves loses its test resources.',
    access: 'production.edit',
    scope: 'cassetteConfiguration',
    body: cassetteConfigurationInput,
    response: oneOf(cassetteConfigurationSchema),
    handler: async ({ row, body }) => ({ data: await changeConfiguration(db, row, body) }),
  });

  route({
    method: 'GET',
    url: '/projects/:id/selectedmodules',
    summary: "The project's selected modules, by slot",
    access: 'read',
    scope: 'project',
    response: listOf(selectedModuleSchema),
    handler: async ({ row }) => ({ data: await projectModules(db, row.id) }),
  });

  route({
    method: 'GET',
    url: '/projects/:id/selectedcartridges',
    summary: "The project's selected cartridges, by bay",
    access: 'read',
    scope: 'project',
    response: listOf(selectedCartridgeSchema),
    handler: async ({ row }) => ({ data: await projectCartridges(db, row.id) }),
  });

  route({
    method: 'GET',
    url: '/projects/:id/testresources',
    summary: "The project's test resources",
    description: 'By bay and pin unless sorted; searched over name, resource type, pin name and pad group. Each names the request’s pad group it came from, with its pad count.',
    access: 'read',
    scope: 'project',
    query: testResourceListQuery,
    response: pageOf(testResourceSchema),
    handler: async ({ row, query }) => listTestResources(db, row.id, query),
  });

  route({
    method: 'POST',
    url: '/selected_cartridges/:id/testresources',
    summary: 'Add a test resource on a pin of a selected cartridge',
    description:
      'A pin of the cartridge’s type whose pin type the resource type allows (resource type pin types); a pin used already, another type’s pin, ' +
      'or a pin type the resource type does not take → 422 on `connector_pin_id`; an unknown resource type → 422 on `resource_type_id`; ' +
      'a module of another project → 422 on `selected_module_id`.',
    access: 'production.edit',
    scope: 'selectedCartridge',
    body: testResourceInput,
    status: 201,
    response: oneOf(testResourceSchema),
    handler: async ({ row, body }) => ({ data: await addTestResource(db, row, body) }),
  });

  route({
    method: 'GET',
    url: '/projects/:id/cassettes',
    summary: "The company's cassettes the project runs on",
    description: 'Each says whether it holds the configured module type in every configured slot (`matches`) and which slots it does not.',
    access: 'read',
    scope: 'project',
    response: listOf(projectCassetteSchema),
    handler: async ({ row }) => ({ data: await listProjectCassettes(db, row.id) }),
  });

  route({
    method: 'POST',
    url: '/projects/:id/cassettes',
    summary: 'Assign a cassette to the project',
    description: 'One of the project’s company’s cassettes; another company’s, an unknown one, or one assigned already → 422 on `cassette_id`.',
    access: 'production.edit',
    scope: 'project',
    body: projectCassetteInput,
    status: 201,
    response: oneOf(projectCassetteSchema),
    handler: async ({ row, body }) => ({ data: await assignCassette(db, row, body) }),
  });

  route({
    method: 'GET',
    url: '/projects/:id/hardware/choices',
    summary: 'What the project’s hardware forms pick from',
    description: 'AMS module types, cartridge types, resource types with the pin types they allow, and the pins of each selected cartridge with whether a test resource uses it.',
    access: 'read',
    scope: 'project',
    response: oneOf(hardwareChoicesSchema),
    handler: async ({ row }) => ({ data: await hardwareChoices(db, row.id) }),
  });

  route({
    method: 'GET',
    url: '/companies/:id/cassetteconfigurations',
    summary: "Which of the company's projects uses which cassette configuration",
    description: 'A row per project: module types by slot, cartridge types by bay, its cassettes and whether each matches. By project name unless sorted; searched over project and configuration name.',
    access: 'read',
    scope: 'company',
    query: companyConfigurationListQuery,
    response: pageOf(companyConfigurationSchema),
    handler: async ({ row, query }) => listCompanyConfigurations(db, row.id, query),
  });
});
