import {
  cassetteModuleTypeCreateInput,
  cassetteModuleTypeListQuery,
  cassetteModuleTypeSchema,
  cassetteModuleTypeUpdateInput,
} from '../../contract/cassette-module-types';
import { oneOf, pageOf } from '../../contract/envelope';
import { platformDeleteRoute } from '../http/delete-route';
import { defineRoutes } from '../http/route';
import { addModuleType, moduleType, moduleTypes, removeModuleType, replaceModuleType } from '../services/cassette-module-types';

const idOf = (params: unknown) => (params as { id: number }).id;

/**
 * AMS modules, the cassette module types of the platform's catalogue (SPEC §7). No scope: they
 * belong to no company, and only the platform's operators manage them.
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/cassettemoduletypes',
    summary: 'AMS modules (cassette module types)',
    description: 'Sorted by name unless said; searched by name; `ams_type` filters to one family.',
    access: 'platform',
    query: cassetteModuleTypeListQuery,
    response: pageOf(cassetteModuleTypeSchema),
    handler: async ({ query }) => moduleTypes(db, query),
  });

  route({
    method: 'POST',
    url: '/cassettemoduletypes',
    summary: 'Add an AMS module',
    description: 'A name used already (in any case) → 422 on `name`; an unknown family → 422 on `ams_type`.',
    access: 'platform',
    body: cassetteModuleTypeCreateInput,
    status: 201,
    response: oneOf(cassetteModuleTypeSchema),
    handler: async ({ body }) => ({ data: await addModuleType(db, body) }),
  });

  route({
    method: 'GET',
    url: '/cassettemoduletypes/:id',
    summary: 'One AMS module',
    access: 'platform',
    response: oneOf(cassetteModuleTypeSchema),
    handler: async ({ request }) => ({ data: await moduleType(db, idOf(request.params)) }),
  });

  route({
    method: 'PUT',
    url: '/cassettemoduletypes/:id',
    summary: 'Change an AMS module',
    description: 'Name and family are required; a description left out is kept.',
    access: 'platform',
    body: cassetteModuleTypeUpdateInput,
    response: oneOf(cassetteModuleTypeSchema),
    handler: async ({ request, body }) => ({ data: await replaceModuleType(db, idOf(request.params), body) }),
  });

  platformDeleteRoute(route, {
    url: '/cassettemoduletypes/:id',
    summary: 'Delete an AMS module no cassette holds',
    refusedWhen: 'while any cassette holds a module of this type (take it out of their slots first)',
    access: 'platform',
    remove: (id) => removeModuleType(db, id),
  });
});
