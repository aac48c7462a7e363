import {
  cassetteCreateInput,
  cassetteListQuery,
  cassetteModulesInput,
  cassetteSchema,
  cassetteUpdateInput,
  companyCassetteListQuery,
} from '../../contract/cassettes';
import { oneOf, pageOf } from '../../contract/envelope';
import { deleteRoute } from '../http/delete-route';
import { defineRoutes } from '../http/route';
import {
  addCassette,
  cassettes,
  changeCassette,
  companyCassettes,
  removeCassette,
  setCassetteModules,
} from '../services/cassettes';

/**
 * Cassettes (SPEC §7): the platform's operators list and manage them all; a company's people read
 * their own company's (another company's cassette is a 404).
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/cassettes',
    summary: 'Cassettes of every company',
    description: 'By serial unless sorted; searched over serial and name; filtered by `company_id` and `enclosure_id`.',
    access: 'platform',
    query: cassetteListQuery,
    response: pageOf(cassetteSchema),
    handler: async ({ query }) => cassettes(db, query),
  });

  route({
    method: 'POST',
    url: '/cassettes',
    summary: 'Add a cassette',
    description:
      'A serial used already → 422 on `serial`; an enclosure of another company → 422 on `enclosure_id`. ' +
      'Its modules are set with `PUT /cassettes/{id}/modules`.',
    access: 'platform',
    body: cassetteCreateInput,
    status: 201,
    response: oneOf(cassetteSchema),
    handler: async ({ body }) => ({ data: await addCassette(db, body) }),
  });

  route({
    method: 'GET',
    url: '/companies/:id/cassettes',
    summary: "A company's cassettes",
    description: 'By serial unless sorted; searched over serial and name; filtered by `enclosure_id`.',
    access: 'read',
    scope: 'company',
    query: companyCassetteListQuery,
    response: pageOf(cassetteSchema),
    handler: async ({ row, query }) => companyCassettes(db, row.id, query),
  });

  route({
    method: 'GET',
    url: '/cassettes/:id',
    summary: 'One cassette, with its modules and cartridges',
    access: 'read',
    scope: 'cassette',
    response: oneOf(cassetteSchema),
    handler: async ({ row }) => ({ data: row }),
  });

  route({
    method: 'PATCH',
    url: '/cassettes/:id',
    summary: 'Change a cassette',
    description:
      'Fewer module slots or cartridge bays than are in use → 422 on that field; an enclosure of another company → 422 on `enclosure_id`.',
    access: 'platform',
    scope: 'cassette',
    body: cassetteUpdateInput,
    response: oneOf(cassetteSchema),
    handler: async ({ row, body }) => ({ data: await changeCassette(db, row, body) }),
  });

  route({
    method: 'PUT',
    url: '/cassettes/:id/modules',
    summary: 'Set the AMS module of each slot',
    description: 'The whole set: a slot not listed is empty. A slot past `module_slots`, listed twice, or an unknown module → 422 on that entry.',
    access: 'platform',
    scope: 'cassette',
    body: cassetteModulesInput,
    response: oneOf(cassetteSchema),
    handler: async ({ row, body }) => ({ data: await setCassetteModules(db, row, body) }),
  });

  deleteRoute(route, {
    url: '/cassettes/:id',
    summary: 'Delete a cassette that holds no cartridges',
    refusedWhen: 'while cartridges sit in its bays (take them out on the cartridge screen first)',
    access: 'platform',
    scope: 'cassette',
    remove: (row) => removeCassette(db, row.id),
  });
});
