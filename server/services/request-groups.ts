import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { FieldErrors } from '../../contract/errors';
import {
  PAD_GROUP_NAME_MAX,
  type mapPadGroupInput,
  type mapPadGroupsInput,
  type TestPadGroup,
  type TestPadGroupChange,
  type testPadGroupCreateInput,
  type TestPadGroupsByNet,
  type testPadGroupsByNetInput,
  type testPadGroupUpdateInput,
} from '../../contract/requests';
import type { DB } from '../db/schema';
import { conflict, invalid, notFound } from '../http/errors';
import { lockEditableRequest, lockRequestOf, REQUEST_NOT_FOUND } from '../store/request-lock';
import {
  deleteGroup,
  findGroup,
  GROUP_NAME_TAKEN,
  GROUP_NOT_FOUND,
  groupNameTaken,
  insertGroup,
  listGroups,
  movePads,
  padRefusal,
  resourceTypeName,
  ungroupPads,
  updateGroup,
} from '../store/request-groups';
import { allowedPinTypes, CARTRIDGE_NOT_FOUND, MODULE_NOT_FOUND, pinFacts, pinServes, pinUser } from '../store/request-hardware';
import { requestCompany } from '../store/requests';

/**
 * Test pad groups of a request and their mapping to connector pins. Every change
 * locks the request first (request-lock.ts), so "is this pad in another group?" and "is this pin
 * free?" still hold at the write, whatever two superadmins do at once.
 */

export async function groupsOfRequest(db: Kysely<DB>, requestId: number): Promise<TestPadGroup[]> {
  if (!(await requestCompany(db, requestId))) throw notFound(REQUEST_NOT_FOUND);
  return listGroups(db, requestId);
}

export async function padGroup(db: Kysely<DB>, id: number): Promise<TestPadGroup> {
  const group = await findGroup(db, id);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

const add = (errors: FieldErrors, field: string, message: string | null) => {
  if (message) (errors[field] ??= []).push(message);
};
const throwIfAny = (errors: FieldErrors) => {
  if (Object.keys(errors).length) throw invalid(errors);
};

export async function addPadGroup(db: Kysely<DB>, requestId: number, input: z.output<typeof testPadGroupCreateInput>): Promise<TestPadGroup> {
  const id = await db.transaction().execute(async (trx) => {
    await lockEditableRequest(trx, requestId);
    const errors: FieldErrors = {};
    if (await groupNameTaken(trx, requestId, input.name)) add(errors, 'name', GROUP_NAME_TAKEN);
    if (!(await resourceTypeName(trx, input.resource_type_id))) add(errors, 'resource_type_id', `There is no resource type with id ${input.resource_type_id}.`);
    add(errors, 'pad_ids', await padRefusal(trx, requestId, input.pad_ids));
    throwIfAny(errors);
    const created = await insertGroup(trx, { request_id: requestId, name: input.name, resource_type_id: input.resource_type_id });
    await movePads(trx, requestId, created, input.pad_ids);
    return created;
  });
  return padGroup(db, id);
}

/**
 * A group per net of the given pads (the pad-groups step's "Group by net"): one transaction, so
 * a refusal leaves every pad where it was. A net whose group exists (its name, any case) gets the
 * pads added; a new one is named after the net (cut to the longest group name).
 */
export async function addPadGroupsByNet(db: Kysely<DB>, requestId: number, input: z.output<typeof testPadGroupsByNetInput>): Promise<TestPadGroupsByNet> {
  const { ids, skipped } = await db.transaction().execute(async (trx) => {
    await lockEditableRequest(trx, requestId);
    const errors: FieldErrors = {};
    if (!(await resourceTypeName(trx, input.resource_type_id))) add(errors, 'resource_type_id', `There is no resource type with id ${input.resource_type_id}.`);
    add(errors, 'pad_ids', await padRefusal(trx, requestId, input.pad_ids));
    throwIfAny(errors);

    // In pad order: a net spelt two ways (GND, gnd) is named as its first pad spells it.
    const pads = await trx
      .selectFrom('test_pads')
      .select(['id', 'net'])
      .where('request_id', '=', requestId)
      .where('id', 'in', [...new Set(input.pad_ids)])
      .orderBy('id')
      .execute();
    const byNet = new Map<string, number[]>();
    for (const pad of pads) if (pad.net) byNet.set(pad.net, [...(byNet.get(pad.net) ?? []), pad.id]);
    const existing = new Map(
      (await trx.selectFrom('test_pad_groups').select(['id', 'name']).where('request_id', '=', requestId).execute()).map((g) => [g.name.toLowerCase(), g.id]),
    );
    const ids: number[] = [];
    for (const [net, padIds] of byNet) {
      const name = net.slice(0, PAD_GROUP_NAME_MAX);
      let id = existing.get(name.toLowerCase());
      if (id === undefined) {
        id = await insertGroup(trx, { request_id: requestId, name, resource_type_id: input.resource_type_id });
        existing.set(name.toLowerCase(), id);
      }
      await movePads(trx, requestId, id, padIds);
      if (!ids.includes(id)) ids.push(id);
    }
    return { ids, skipped: pads.filter((pad) => !pad.net).map((pad) => pad.id) };
  });
  const groups = await listGroups(db, requestId);
  return { groups: groups.filter((g) => ids.includes(g.id)), skipped_pad_ids: skipped };
}

/**
 * Renames, retypes and regroups pads in one go: `pad_ids` replaces the pads, then `add_pad_ids`
 * moves pads in (from any group) and `remove_pad_ids` takes pads out. A new resource type that the
 * mapped pin does not serve (the pin map) unmaps the group, and the answer says so.
 */
export async function changePadGroup(db: Kysely<DB>, id: number, input: z.output<typeof testPadGroupUpdateInput>): Promise<TestPadGroupChange> {
  const cleared = await db.transaction().execute(async (trx) => {
    const request = await lockRequestOf(trx, 'test_pad_groups', id, GROUP_NOT_FOUND);
    const group = await findGroup(trx, id);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    const errors: FieldErrors = {};
    if (input.name !== undefined && (await groupNameTaken(trx, request.id, input.name, id))) add(errors, 'name', GROUP_NAME_TAKEN);
    if (input.resource_type_id !== undefined && !(await resourceTypeName(trx, input.resource_type_id))) {
      add(errors, 'resource_type_id', `There is no resource type with id ${input.resource_type_id}.`);
    }
    for (const field of ['pad_ids', 'add_pad_ids'] as const) add(errors, field, await padRefusal(trx, request.id, input[field] ?? []));
    throwIfAny(errors);

    const retyped = input.resource_type_id !== undefined && input.resource_type_id !== group.resource_type.id;
    const unmap = retyped && group.mapping !== null && !(await pinServes(trx, input.resource_type_id!, group.mapping.connector_pin.id));
    await updateGroup(trx, id, {
      name: input.name,
      resource_type_id: input.resource_type_id,
      ...(unmap && { selected_cartridge_id: null, connector_pin_id: null, selected_module_id: null }),
    });
    if (input.pad_ids) {
      await ungroupPads(trx, id);
      await movePads(trx, request.id, id, input.pad_ids);
    }
    await movePads(trx, request.id, id, input.add_pad_ids ?? []);
    await ungroupPads(trx, id, input.remove_pad_ids ?? []);
    return unmap;
  });
  return { ...(await padGroup(db, id)), cleared_mapping: cleared };
}

/** Deletes the group; its pads stay on the request, in no group. */
export async function removePadGroup(db: Kysely<DB>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockRequestOf(trx, 'test_pad_groups', id, GROUP_NOT_FOUND);
    await deleteGroup(trx, id);
  });
}

/**
 * Wires the group to a connector pin of a selected cartridge of its request (optionally driven by
 * a selected module of the same request), or unmaps it when the cartridge or pin is null. A pin
 * the pin map does not give the group's resource type is a 422 on `connector_pin_id` saying why;
 * a pin another group of the request uses is a 409 naming that group.
 */
export async function mapPadGroup(db: Kysely<DB>, id: number, input: z.output<typeof mapPadGroupInput>): Promise<TestPadGroup> {
  await db.transaction().execute(async (trx) => {
    const request = await lockRequestOf(trx, 'test_pad_groups', id, GROUP_NOT_FOUND);
    const group = await findGroup(trx, id);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    if (input.selected_cartridge_id === null || input.connector_pin_id === null) {
      await updateGroup(trx, id, { selected_cartridge_id: null, connector_pin_id: null, selected_module_id: null });
      return;
    }
    const wiring = { selected_cartridge_id: input.selected_cartridge_id, connector_pin_id: input.connector_pin_id, selected_module_id: input.selected_module_id };
    throwIfAny(await mappingRefusals(trx, request.id, group, wiring));
    await wire(trx, group, wiring);
  });
  return padGroup(db, id);
}

type Wiring = { selected_cartridge_id: number; connector_pin_id: number; selected_module_id: number | null };

/** Why the group cannot be wired so, by field: a cartridge or module of another request, a pin its pin map does not list. */
async function mappingRefusals(db: Kysely<DB>, requestId: number, group: TestPadGroup, input: Wiring): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const cartridge = await db
    .selectFrom('selected_cartridges')
    .select(['id', 'cartridge_type_id'])
    .where('id', '=', input.selected_cartridge_id)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (!cartridge) add(errors, 'selected_cartridge_id', `${CARTRIDGE_NOT_FOUND.replace('.', '')} on this request.`);
  if (input.selected_module_id !== null) {
    const module = await db
      .selectFrom('selected_modules')
      .select('id')
      .where('id', '=', input.selected_module_id)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!module) add(errors, 'selected_module_id', `${MODULE_NOT_FOUND.replace('.', '')} on this request.`);
  }
  if (cartridge) add(errors, 'connector_pin_id', await pinRefusal(db, group, cartridge.cartridge_type_id, input.connector_pin_id));
  return errors;
}

/** Wires the group to the pin once the pin is free (else 409 naming the group that has it). */
async function wire(db: Kysely<DB>, group: TestPadGroup, input: Wiring): Promise<void> {
  const user = await pinUser(db, input.selected_cartridge_id, input.connector_pin_id, group.id);
  if (user) throw conflict(`This pin already carries pad group “${user.name}”: unmap that group first, or choose another pin.`);
  await updateGroup(db, group.id, input);
}

/**
 * Wires many groups of the request at once (the map step's proposal, applied): every entry is
 * checked as `mapPadGroup` checks one, refusals keyed `mappings.<n>.<field>` (a 422 saves none),
 * then all are written in the same transaction.
 */
export async function mapPadGroups(db: Kysely<DB>, requestId: number, input: z.output<typeof mapPadGroupsInput>): Promise<TestPadGroup[]> {
  await db.transaction().execute(async (trx) => {
    await lockEditableRequest(trx, requestId);
    await wireAll(trx, requestId, input.mappings);
  });
  return (await listGroups(db, requestId)).filter((g) => input.mappings.some((m) => m.group_id === g.id));
}

type Entry = z.output<typeof mapPadGroupsInput>['mappings'][number];

/** Checks every entry, then wires them all; the caller holds the request's lock. */
export async function wireAll(trx: Kysely<DB>, requestId: number, mappings: readonly Entry[]): Promise<void> {
  const errors: FieldErrors = {};
  const groups: TestPadGroup[] = [];
  const pins = new Set<string>();
  for (const [n, entry] of mappings.entries()) {
    const group = await findGroup(trx, entry.group_id);
    if (!group || group.request_id !== requestId) {
      add(errors, `mappings.${n}.group_id`, `${GROUP_NOT_FOUND.replace('.', '')} on this request.`);
      continue;
    }
    groups.push(group);
    for (const [field, messages] of Object.entries(await mappingRefusals(trx, requestId, group, entry))) errors[`mappings.${n}.${field}`] = messages;
    const pin = `${entry.selected_cartridge_id}:${entry.connector_pin_id}`;
    if (pins.has(pin)) add(errors, `mappings.${n}.connector_pin_id`, 'This pin is given to another group of the list already.');
    pins.add(pin);
  }
  throwIfAny(errors);
  for (const [n, group] of groups.entries()) {
    const { selected_cartridge_id, connector_pin_id, selected_module_id } = mappings[n];
    await wire(trx, group, { selected_cartridge_id, connector_pin_id, selected_module_id });
  }
}

/** Why this pin cannot carry the group, in words, or null. */
async function pinRefusal(db: Kysely<DB>, group: TestPadGroup, cartridgeTypeId: number, pinId: number): Promise<string | null> {
  const pin = await pinFacts(db, pinId);
  if (!pin || pin.cartridge_type_id !== cartridgeTypeId) return `Connector pin ${pinId} is no pin of the selected cartridge’s type.`;
  if (await pinServes(db, group.resource_type.id, pin.id)) return null;
  const allowed = await allowedPinTypes(db, group.resource_type.id);
  const where = `Pin ${pin.number} (${pin.name}) of ${pin.cartridge_type}`;
  if (pin.pin_type && allowed.includes(pin.pin_type)) return `${where} is not in the pin map of ${group.resource_type.name}: add it there first.`;
  const needs = allowed.length ? `${allowed.join(' or ')} or a pin in its pin map` : 'a pin in its pin map';
  const has = pin.pin_type ? `has pin type ${pin.pin_type}` : 'has no pin type';
  return `${where} ${has}; ${group.resource_type.name} needs ${needs}.`;
}
