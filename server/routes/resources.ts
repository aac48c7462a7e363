import { z } from 'zod';
import { listOf, oneOf, pageOf } from '../../contract/envelope';
import {
  allowedPinTypesInput,
  connectorPinChoiceListQuery,
  connectorPinChoiceSchema,
  pinMapCreateInput,
  pinMapListQuery,
  pinMapRowSchema,
  pinTypeCreateInput,
  pinTypeListQuery,
  pinTypeSchema,
  pinTypeUpdateInput,
  resourceTypeCreateInput,
  resourceTypeListQuery,
  resourceTypeSchema,
  resourceTypeUpdateInput,
} from '../../contract/resources';
import { platformDeleteRoute } from '../http/delete-route';
import { defineRoutes, idOf } from '../http/route';
import {
  addPinMapRow,
  addPinType,
  addResourceType,
  changePinType,
  changeResourceType,
  connectorPinChoices,
  pinMap,
  pinType,
  pinTypes,
  removePinMapRow,
  removePinType,
  removeResourceType,
  resourceType,
  resourceTypePinTypes,
  resourceTypes,
  setResourceTypePinTypes,
} from '../services/resources';

const pinTypeRefSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * Resource types, pin types and the pin map (SPEC §7, `/manage/resources`): the platform's
 * catalogue, so no scope. Reads are `platform` for now too, lookups included: the hardware
 * screens that will pick from them (cartridge types and test setups) may widen them.
 */
export default defineRoutes((route, { db }) => {
  // ---- resource types
  route({
    method: 'GET',
    url: '/resourcetypes',
    summary: 'Resource types',
    description: 'By name unless sorted; searched over name and description; `pin_type_id` keeps those that allow that pin type.',
    access: 'platform',
    query: resourceTypeListQuery,
    response: pageOf(resourceTypeSchema),
    handler: async ({ query }) => resourceTypes(db, query),
  });

  route({
    method: 'POST',
    url: '/resourcetypes',
    summary: 'Create a resource type',
    description: 'A name used already (in any case) → 422 on `name`; an unknown pin type → 422 on `pin_type_ids`.',
    access: 'platform',
    body: resourceTypeCreateInput,
    status: 201,
    response: oneOf(resourceTypeSchema),
    handler: async ({ body }) => ({ data: await addResourceType(db, body) }),
  });

  route({
    method: 'GET',
    url: '/resourcetypes/:id',
    summary: 'One resource type',
    access: 'platform',
    response: oneOf(resourceTypeSchema),
    handler: async ({ request }) => ({ data: await resourceType(db, idOf(request.params)) }),
  });

  route({
    method: 'PATCH',
    url: '/resourcetypes/:id',
    summary: "Change a resource type's name, description or allowed pin types",
    description: 'Dropping a pin type that mapped pins still have → 422 on `pin_type_ids` naming it.',
    access: 'platform',
    body: resourceTypeUpdateInput,
    response: oneOf(resourceTypeSchema),
    handler: async ({ request, body }) => ({ data: await changeResourceType(db, idOf(request.params), body) }),
  });

  platformDeleteRoute(route, {
    url: '/resourcetypes/:id',
    summary: 'Delete a resource type with an empty pin map',
    refusedWhen: 'while its pin map has pins (remove them first)',
    access: 'platform',
    remove: (id) => removeResourceType(db, id),
  });

  route({
    method: 'GET',
    url: '/resourcetypes/:id/pintypes',
    summary: 'The pin types a resource type allows',
    access: 'platform',
    response: listOf(pinTypeRefSchema),
    handler: async ({ request }) => ({ data: await resourceTypePinTypes(db, idOf(request.params)) }),
  });

  route({
    method: 'PUT',
    url: '/resourcetypes/:id/pintypes',
    summary: 'Set the pin types a resource type allows',
    description: 'The whole set. Dropping one that mapped pins still have → 422 on `pin_type_ids` naming it.',
    access: 'platform',
    body: allowedPinTypesInput,
    response: listOf(pinTypeRefSchema),
    handler: async ({ request, body }) => ({ data: await setResourceTypePinTypes(db, idOf(request.params), body.pin_type_ids) }),
  });

  // ---- pin map
  route({
    method: 'GET',
    url: '/resourcetypes/:id/pinmap',
    summary: "A resource type's pin map",
    description: 'The connector pins that serve it, with their cartridge type; by cartridge type and pin number unless sorted.',
    access: 'platform',
    query: pinMapListQuery,
    response: pageOf(pinMapRowSchema),
    handler: async ({ request, query }) => pinMap(db, idOf(request.params), query),
  });

  route({
    method: 'POST',
    url: '/resourcetypes/:id/pinmap',
    summary: 'Map a connector pin to a resource type',
    description:
      "The pin's pin type must be one the resource type allows, else 422 on `connector_pin_id`; a pin already mapped → 409.",
    access: 'platform',
    body: pinMapCreateInput,
    status: 201,
    response: oneOf(pinMapRowSchema),
    handler: async ({ request, body }) => ({ data: await addPinMapRow(db, idOf(request.params), body) }),
  });

  route({
    method: 'GET',
    url: '/resourcetypes/:id/connectorpins',
    summary: 'The connector pins a resource type may map',
    description: 'Pins whose pin type it allows, each saying whether its pin map has it already; searched over cartridge type and pin name.',
    access: 'platform',
    query: connectorPinChoiceListQuery,
    response: pageOf(connectorPinChoiceSchema),
    handler: async ({ request, query }) => connectorPinChoices(db, idOf(request.params), query),
  });

  platformDeleteRoute(route, {
    url: '/pinmap/:id',
    summary: 'Remove a connector pin from a pin map',
    refusedWhen: 'never (nothing refers to a pin map row)',
    access: 'platform',
    remove: (id) => removePinMapRow(db, id),
  });

  // ---- pin types
  route({
    method: 'GET',
    url: '/pintypes',
    summary: 'Pin types',
    description: 'By name unless sorted; searched over name and description.',
    access: 'platform',
    query: pinTypeListQuery,
    response: pageOf(pinTypeSchema),
    handler: async ({ query }) => pinTypes(db, query),
  });

  route({
    method: 'POST',
    url: '/pintypes',
    summary: 'Create a pin type',
    description: 'A name used already (in any case) → 422 on `name`.',
    access: 'platform',
    body: pinTypeCreateInput,
    status: 201,
    response: oneOf(pinTypeSchema),
    handler: async ({ body }) => ({ data: await addPinType(db, body) }),
  });

  route({
    method: 'GET',
    url: '/pintypes/:id',
    summary: 'One pin type',
    access: 'platform',
    response: oneOf(pinTypeSchema),
    handler: async ({ request }) => ({ data: await pinType(db, idOf(request.params)) }),
  });

  route({
    method: 'PATCH',
    url: '/pintypes/:id',
    summary: "Change a pin type's name or description",
    access: 'platform',
    body: pinTypeUpdateInput,
    response: oneOf(pinTypeSchema),
    handler: async ({ request, body }) => ({ data: await changePinType(db, idOf(request.params), body) }),
  });

  platformDeleteRoute(route, {
    url: '/pintypes/:id',
    summary: 'Delete a pin type nothing uses',
    refusedWhen: 'while connector pins have it or resource types allow it',
    access: 'platform',
    remove: (id) => removePinType(db, id),
  });
});
