import { listOf, oneOf } from '../../contract/envelope';
import { mappingProposalApplyInput, mappingProposalAppliedSchema, mappingProposalSchema } from '../../contract/pin-mapping';
import {
  mapPadGroupInput,
  mapPadGroupsInput,
  testPadGroupChangeSchema,
  testPadGroupCreateInput,
  testPadGroupSchema,
  testPadGroupsByNetInput,
  testPadGroupsByNetSchema,
  testPadGroupUpdateInput,
} from '../../contract/requests';
import { platformDeleteRoute } from '../http/delete-route';
import { defineRoutes, idOf } from '../http/route';
import { applyPinMappingProposal, pinMappingProposal } from '../services/pin-mapping-proposal';
import { addPadGroup, addPadGroupsByNet, changePadGroup, groupsOfRequest, mapPadGroup, mapPadGroups, padGroup, removePadGroup } from '../services/request-groups';

/**
 * Test pad groups of a project request and their mapping to connector pins: the
 * platform's operators process requests, so every call is superadmin-only and unscoped.
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/requests/:id/testpadgroups',
    summary: "A request's test pad groups",
    description: 'By name, each with its pad ids and mapping.',
    access: 'platform',
    response: listOf(testPadGroupSchema),
    handler: async ({ request }) => ({ data: await groupsOfRequest(db, idOf(request.params)) }),
  });

  route({
    method: 'POST',
    url: '/requests/:id/testpadgroups',
    summary: 'Group test pads',
    description:
      'Pads in another group move into this one. A name another group of the request has (any case) → 422 on `name`; ' +
      'a tooling hole or a pad of another request → 422 on `pad_ids`; a completed or rejected request → 409.',
    access: 'platform',
    body: testPadGroupCreateInput,
    status: 201,
    response: oneOf(testPadGroupSchema),
    handler: async ({ request, body }) => ({ data: await addPadGroup(db, idOf(request.params), body) }),
  });

  route({
    method: 'POST',
    url: '/requests/:id/testpadgroups/bynet',
    summary: 'Group test pads by net',
    description:
      'A group per net of `pad_ids`, named after the net, with `resource_type_id`; a net whose group exists (any case) adds its pads ' +
      'to it. Pads without a net stay where they are (`skipped_pad_ids`). One transaction: a refusal (422 on the field) changes nothing.',
    access: 'platform',
    body: testPadGroupsByNetInput,
    response: oneOf(testPadGroupsByNetSchema),
    handler: async ({ request, body }) => ({ data: await addPadGroupsByNet(db, idOf(request.params), body) }),
  });

  route({
    method: 'PATCH',
    url: '/requests/:id/map_pad_groups',
    summary: 'Map many pad groups to connector pins',
    description:
      'Each entry as `PATCH /requests/map_pad_group/{id}` checks it; refusals are keyed `mappings.<n>.<field>` (422, nothing saved); ' +
      'a pin another group has → 409. One transaction. Answers the groups it wired.',
    access: 'platform',
    body: mapPadGroupsInput,
    response: listOf(testPadGroupSchema),
    handler: async ({ request, body }) => ({ data: await mapPadGroups(db, idOf(request.params), body) }),
  });

  route({
    method: 'GET',
    url: '/requests/:id/map_pad_groups/proposal',
    summary: 'Propose pins for the unmapped pad groups (a dry run)',
    description:
      'Changes nothing. A pick per unmapped group, by name: the free pin that fits it best (named for its net or rail, then a general ' +
      'pin, a debug pin only when no other is free; never another rail’s pin), the selected module its resource type needs, and ' +
      'why (`reason`, `module_reason`). A group no pin fits has `pin: null` and says why.',
    access: 'platform',
    response: oneOf(mappingProposalSchema),
    handler: async ({ request }) => ({ data: await pinMappingProposal(db, idOf(request.params)) }),
  });

  route({
    method: 'POST',
    url: '/requests/:id/map_pad_groups/proposal',
    summary: 'Apply the pin proposal, or an edited one',
    description:
      'Without `mappings`: proposes as the dry run does and wires every pick with a pin, in one transaction; `unplaced` lists the ' +
      'rest. With `mappings` (the proposal as edited): wires those as `PATCH /requests/{id}/map_pad_groups` does (422 keyed ' +
      '`mappings.<n>.<field>`, nothing saved; a pin another group has → 409). A completed or rejected request → 409.',
    access: 'platform',
    body: mappingProposalApplyInput,
    response: oneOf(mappingProposalAppliedSchema),
    handler: async ({ request, body }) => ({ data: await applyPinMappingProposal(db, idOf(request.params), body) }),
  });

  route({
    method: 'GET',
    url: '/testpadgroups/:id',
    summary: 'One test pad group',
    access: 'platform',
    response: oneOf(testPadGroupSchema),
    handler: async ({ request }) => ({ data: await padGroup(db, idOf(request.params)) }),
  });

  route({
    method: 'PATCH',
    url: '/testpadgroups/:id',
    summary: 'Rename, retype or regroup a test pad group',
    description:
      '`pad_ids` replaces the pads, then `add_pad_ids` moves pads in and `remove_pad_ids` takes pads out. A resource type the ' +
      'mapped pin does not serve (the pin map) unmaps the group: the answer says `cleared_mapping: true`.',
    access: 'platform',
    body: testPadGroupUpdateInput,
    response: oneOf(testPadGroupChangeSchema),
    handler: async ({ request, body }) => ({ data: await changePadGroup(db, idOf(request.params), body) }),
  });

  platformDeleteRoute(route, {
    url: '/testpadgroups/:id',
    summary: 'Delete a test pad group; its pads stay, in no group',
    refusedWhen: 'when the request is completed or rejected',
    access: 'platform',
    remove: (id) => removePadGroup(db, id),
  });

  route({
    method: 'PATCH',
    url: '/requests/map_pad_group/:id',
    summary: 'Map a test pad group to a connector pin',
    description:
      'The selected cartridge and module must be of the group’s request (422 on that field). A pin of another cartridge type, or one the ' +
      'pin map does not give the group’s resource type → 422 on `connector_pin_id` saying why; a pin another group uses → 409 naming it. ' +
      'A null cartridge or pin unmaps the group.',
    access: 'platform',
    body: mapPadGroupInput,
    response: oneOf(testPadGroupSchema),
    handler: async ({ request, body }) => ({ data: await mapPadGroup(db, idOf(request.params), body) }),
  });
});
