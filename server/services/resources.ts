import { hardwareUses } from '../store/hardware';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../contract/envelope';
import { allListed } from '../../contract/labels';
import type {
  ConnectorPinChoice,
  connectorPinChoiceListQuery,
  PinMapCreateInput,
  PinMapRow,
  pinMapListQuery,
  PinType,
  PinTypeRef,
  pinTypeCreateInput,
  pinTypeListQuery,
  PinTypeUpdateInput,
  ResourceType,
  resourceTypeCreateInput,
  resourceTypeListQuery,
  ResourceTypeUpdateInput,
} from '../../contract/resources';
import { uniqueViolationTarget } from '../db/dialect';
import type { DB } from '../db/schema';
import { conflict, invalid, invalidField, notFound } from '../http/errors';
import {
  allowedPinTypes,
  deletePinMapRow,
  deletePinTypeRow,
  deleteResourceTypeRow,
  findPinMapRow,
  findPinType,
  findResourceType,
  insertPinMapRow,
  insertPinType,
  insertResourceType,
  keepConnectorPin,
  keepPinTypes,
  keepResourceType,
  listConnectorPinChoices,
  listPinMap,
  listPinTypes,
  listResourceTypes,
  lockPinMapRow,
  lockPinType,
  lockResourceType,
  mappedPinTypes,
  PIN_TYPE_NAME_TAKEN,
  pinMapCount,
  pinMapRowOf,
  pinTypeNameTaken,
  pinTypeUses,
  RESOURCE_TYPE_NAME_TAKEN,
  resourceTypeNameTaken,
  setAllowedPinTypes,
  updatePinType,
  updateResourceType,
} from '../store/resources';
import { countOf, deleteRow, named, stillHolds } from './deletes';

/** "A, B and C". */

/**
 * Resources (`/manage/resources`): the rules of resource types, pin types and the pin
 * map. A connector pin may serve a resource type only if its pin type is one the resource type
 * allows (422 on `connector_pin_id`); a pin mapped twice is a 409. Deletes refuse while anything
 * refers to the row (409): a pin type while connector pins have it or resource types allow it, a
 * resource type while its pin map has rows.
 */

// ---- pin types

export const pinTypes = (db: Kysely<DB>, list: z.output<typeof pinTypeListQuery>): Promise<Page<PinType>> => listPinTypes(db, list);

export async function pinType(db: Kysely<DB>, id: number): Promise<PinType> {
  const found = await findPinType(db, id);
  if (!found) throw notFound();
  return found;
}

export async function addPinType(db: Kysely<DB>, input: z.output<typeof pinTypeCreateInput>): Promise<PinType> {
  if (await pinTypeNameTaken(db, input.name)) throw invalidField('name', PIN_TYPE_NAME_TAKEN);
  return pinType(db, await insertPinType(db, input));
}

export async function changePinType(db: Kysely<DB>, id: number, input: PinTypeUpdateInput): Promise<PinType> {
  await pinType(db, id);
  if (input.name !== undefined && (await pinTypeNameTaken(db, input.name, id))) throw invalidField('name', PIN_TYPE_NAME_TAKEN);
  if (Object.keys(input).length) await updatePinType(db, id, input);
  return pinType(db, id);
}

export async function removePinType(db: Kysely<DB>, id: number): Promise<void> {
  await deleteRow(
    { db },
    {
      lock: (trx) => lockPinType(trx, id),
      refusal: async (trx, row) => {
        const uses = await pinTypeUses(trx, row.id);
        const users = [
          uses.pins ? countOf(uses.pins, 'connector pin', 'connector pins') : '',
          uses.resourceTypes ? countOf(uses.resourceTypes, 'resource type', 'resource types') : '',
        ].filter(Boolean);
        // "Pin type “Analog” is still used by 3 connector pins and 1 resource type; change those first."
        return users.length ? `${named('Pin type', row.name)} is still used by ${allListed(users)}; change those first.` : null;
      },
      remove: (trx, row) => deletePinTypeRow(trx, row.id),
    },
  );
}

// ---- resource types

export const resourceTypes = (db: Kysely<DB>, list: z.output<typeof resourceTypeListQuery>): Promise<Page<ResourceType>> =>
  listResourceTypes(db, list);

export async function resourceType(db: Kysely<DB>, id: number): Promise<ResourceType> {
  const found = await findResourceType(db, id);
  if (!found) throw notFound();
  return found;
}

export async function resourceTypePinTypes(db: Kysely<DB>, id: number): Promise<PinTypeRef[]> {
  await resourceType(db, id);
  return allowedPinTypes(db, id);
}

/** The pin types of `ids`, each kept until the transaction ends; an unknown one is a 422 on `pin_type_ids`. */
async function knownPinTypes(trx: Kysely<DB>, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = new Set((await keepPinTypes(trx, unique)).map((p) => p.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) {
    const message = missing.length === 1 ? `There is no pin type with id ${missing[0]}.` : `There are no pin types with ids ${allListed(missing.map(String))}.`;
    throw invalidField('pin_type_ids', message);
  }
  return unique;
}

/**
 * Sets the allowed pin types; one the pin map still uses (a mapped pin has it) cannot go: a 422
 * on `pin_type_ids` naming it, so the pin map never holds a pin its resource type no longer allows.
 */
async function replaceAllowed(trx: Kysely<DB>, id: number, ids: readonly number[]): Promise<void> {
  const keep = await knownPinTypes(trx, ids);
  const stillMapped = (await mappedPinTypes(trx, id)).filter((used) => !keep.includes(used.id));
  if (stillMapped.length) {
    const names = stillMapped.map((u) => `${u.name} (${u.count} mapped ${u.count === 1 ? 'pin' : 'pins'})`);
    throw invalidField('pin_type_ids', `The pin map uses ${allListed(names)}: remove those pins from the pin map first.`);
  }
  await setAllowedPinTypes(trx, id, keep);
}

export async function addResourceType(db: Kysely<DB>, input: z.output<typeof resourceTypeCreateInput>): Promise<ResourceType> {
  if (await resourceTypeNameTaken(db, input.name)) throw invalidField('name', RESOURCE_TYPE_NAME_TAKEN);
  const id = await db.transaction().execute(async (trx) => {
    const created = await insertResourceType(trx, { name: input.name, description: input.description });
    await replaceAllowed(trx, created, input.pin_type_ids);
    return created;
  });
  return resourceType(db, id);
}

export async function changeResourceType(db: Kysely<DB>, id: number, input: ResourceTypeUpdateInput): Promise<ResourceType> {
  await resourceType(db, id);
  if (input.name !== undefined && (await resourceTypeNameTaken(db, input.name, id))) throw invalidField('name', RESOURCE_TYPE_NAME_TAKEN);
  const { pin_type_ids, ...texts } = input;
  await db.transaction().execute(async (trx) => {
    if (!(await lockResourceType(trx, id))) throw notFound();
    if (Object.keys(texts).length) await updateResourceType(trx, id, texts);
    if (pin_type_ids !== undefined) await replaceAllowed(trx, id, pin_type_ids);
  });
  return resourceType(db, id);
}

export async function setResourceTypePinTypes(db: Kysely<DB>, id: number, pinTypeIds: readonly number[]): Promise<PinTypeRef[]> {
  await changeResourceType(db, id, { pin_type_ids: [...pinTypeIds] });
  return allowedPinTypes(db, id);
}

export async function removeResourceType(db: Kysely<DB>, id: number): Promise<void> {
  await deleteRow(
    { db },
    {
      lock: (trx) => lockResourceType(trx, id),
      refusal: async (trx, row) => {
        const resources = await hardwareUses(trx, 'test_resources.resource_type_id', row.id);
        return stillHolds(
          named('Resource type', row.name),
          [
            { count: await pinMapCount(trx, row.id), one: 'mapped pin', many: 'mapped pins' },
            { count: resources, one: 'test resource of a project', many: 'test resources of projects' },
          ],
          resources ? 'remove them first' : 'remove them from its pin map first',
        );
      },
      // Its allowed pin types go with it (cascade).
      remove: (trx, row) => deleteResourceTypeRow(trx, row.id),
    },
  );
}

// ---- pin map

export async function pinMap(db: Kysely<DB>, id: number, list: z.output<typeof pinMapListQuery>): Promise<Page<PinMapRow>> {
  await resourceType(db, id);
  return listPinMap(db, id, list);
}

export async function connectorPinChoices(
  db: Kysely<DB>,
  id: number,
  list: z.output<typeof connectorPinChoiceListQuery>,
): Promise<Page<ConnectorPinChoice>> {
  await resourceType(db, id);
  return listConnectorPinChoices(db, id, list);
}

export const PIN_TYPE_NOT_ALLOWED = (pin: string, pinType: string | null, resource: string) =>
  pinType === null
    ? `Connector pin ${pin} has no pin type, so it cannot serve resource type “${resource}”.`
    : `Connector pin ${pin} is a ${pinType} pin, which resource type “${resource}” does not allow.`;

/**
 * Maps a connector pin to the resource type. The pin and the resource type are kept (FOR KEY
 * SHARE) until the row is in, so a delete of either waits and then sees the new row.
 */
export async function addPinMapRow(db: Kysely<DB>, id: number, input: PinMapCreateInput): Promise<PinMapRow> {
  const created = await db.transaction().execute(async (trx) => {
    const resource = await keepResourceType(trx, id);
    if (!resource) throw notFound();
    const pin = await keepConnectorPin(trx, input.connector_pin_id);
    if (!pin) throw invalidField('connector_pin_id', `There is no connector pin with id ${input.connector_pin_id}.`);
    const allowed = await allowedPinTypes(trx, id);
    if (pin.pin_type_id === null || !allowed.some((p) => p.id === pin.pin_type_id)) {
      const pinTypeName = pin.pin_type_id === null ? null : ((await findPinType(trx, pin.pin_type_id))?.name ?? null);
      throw invalid({ connector_pin_id: [PIN_TYPE_NOT_ALLOWED(`${pin.number} “${pin.name}”`, pinTypeName, resource.name)] });
    }
    if ((await pinMapRowOf(trx, id, pin.id)) !== undefined) throw alreadyMapped(pin, resource.name);
    try {
      return await insertPinMapRow(trx, id, pin.id);
    } catch (error) {
      // Two requests racing for the same pin: the unique index decides, and the loser is a 409 too.
      if (uniqueViolationTarget(error)?.includes('pin_map')) throw alreadyMapped(pin, resource.name);
      throw error;
    }
  });
  return (await findPinMapRow(db, created))!;
}

const alreadyMapped = (pin: { number: number; name: string }, resource: string) =>
  conflict(`Connector pin ${pin.number} “${pin.name}” is already in the pin map of resource type “${resource}”.`);

export async function removePinMapRow(db: Kysely<DB>, id: number): Promise<void> {
  await deleteRow({ db }, { lock: (trx) => lockPinMapRow(trx, id), remove: (trx, row) => deletePinMapRow(trx, row.id) });
}
