import { z } from 'zod';
import { listOf, oneOf } from '../../contract/envelope';
import {
  requestCapacitySchema,
  selectedCartridgeInput,
  selectedCartridgeSchema,
  selectedModuleInput,
  selectedModuleSchema,
  wiringQuery,
  wiringRowSchema,
} from '../../contract/requests';
import { sendCsv, wantsCsv } from '../http/csv';
import { platformDeleteRoute } from '../http/delete-route';
import { defineRoutes, idOf } from '../http/route';
import {
  addSelectedCartridge,
  addSelectedModule,
  cartridgesOfRequest,
  changeSelectedCartridge,
  changeSelectedModule,
  modulesOfRequest,
  removeSelectedCartridge,
  removeSelectedModule,
  selectedCartridge,
  selectedModule,
} from '../services/request-hardware';
import { requestCapacity, requestWiring, requestWiringCsv } from '../services/request-views';

/**
 * The modules and cartridges chosen for a project request's cassette, and the views built on
 * them (capacity, wiring list). Superadmin-only like the rest of request processing.
 */
export default defineRoutes((route, { db }) => {
  const selections = [
    {
      plural: 'selectedmodules',
      what: 'module',
      place: 'slot',
      input: selectedModuleInput,
      schema: selectedModuleSchema,
      list: modulesOfRequest,
      one: selectedModule,
      add: addSelectedModule,
      change: changeSelectedModule,
      remove: removeSelectedModule,
      typeField: 'cassette_module_type_id',
    },
    {
      plural: 'selectedcartridges',
      what: 'cartridge',
      place: 'bay',
      input: selectedCartridgeInput,
      schema: selectedCartridgeSchema,
      list: cartridgesOfRequest,
      one: selectedCartridge,
      add: addSelectedCartridge,
      change: changeSelectedCartridge,
      remove: removeSelectedCartridge,
      typeField: 'cartridge_type_id',
    },
  ] as const;

  for (const s of selections) {
    const schema = s.schema as z.ZodType;
    route({
      method: 'GET',
      url: `/requests/:id/${s.plural}`,
      summary: `A request's selected ${s.what}s`,
      description: `By ${s.place}.`,
      access: 'platform',
      response: listOf(schema),
      handler: async ({ request }) => ({ data: await s.list(db, idOf(request.params)) }),
    });
    route({
      method: 'POST',
      url: `/requests/:id/${s.plural}`,
      summary: `Select a ${s.what} for the request's cassette`,
      description: `A ${s.place} in use → 422 on \`${s.place}\`; an unknown type → 422 on \`${s.typeField}\`; a completed or rejected request → 409.`,
      access: 'platform',
      body: s.input as z.ZodType,
      status: 201,
      response: oneOf(schema),
      handler: async ({ request, body }) => ({ data: await s.add(db, idOf(request.params), body as never) }),
    });
    route({
      method: 'GET',
      url: `/${s.plural}/:id`,
      summary: `One selected ${s.what}`,
      access: 'platform',
      response: oneOf(schema),
      handler: async ({ request }) => ({ data: await s.one(db, idOf(request.params)) }),
    });
    route({
      method: 'PATCH',
      url: `/${s.plural}/:id`,
      summary: `Change a selected ${s.what}`,
      description:
        `A ${s.place} in use → 422 on \`${s.place}\`; an unknown type → 422 on \`${s.typeField}\`.` +
        (s.what === 'cartridge' ? ' A new cartridge type unmaps the pad groups wired to its pins.' : ''),
      access: 'platform',
      body: s.input.partial() as z.ZodType,
      response: oneOf(schema),
      handler: async ({ request, body }) => ({ data: await s.change(db, idOf(request.params), body as never) }),
    });
    platformDeleteRoute(route, {
      url: `/${s.plural}/:id`,
      summary: `Remove a selected ${s.what}; the pad groups it served are unmapped`,
      refusedWhen: 'when the request is completed or rejected',
      access: 'platform',
      remove: (id) => s.remove(db, id),
    });
  }

  route({
    method: 'GET',
    url: '/requests/:id/capacity',
    summary: "What a request's pad groups need, and the cartridge pins that serve it",
    description: 'Per resource type of its groups: how many groups need it, and each pin of a selected cartridge the pin map gives it, with the group that uses it.',
    access: 'platform',
    response: oneOf(requestCapacitySchema),
    handler: async ({ request }) => ({ data: await requestCapacity(db, idOf(request.params)) }),
  });

  route({
    method: 'GET',
    url: '/requests/:id/wiring',
    summary: "A request's wiring list (JSON or CSV download)",
    description: 'One row per grouped pad: pad → probe → group → cartridge pin → module. `format=csv` (or `Accept: text/csv`) downloads it.',
    access: 'platform',
    query: wiringQuery,
    response: listOf(wiringRowSchema),
    handler: async ({ request, query, reply }) => {
      const id = idOf(request.params);
      return wantsCsv(query.format, request) ? sendCsv(reply, await requestWiringCsv(db, id)) : { data: await requestWiring(db, id) };
    },
  });
});
