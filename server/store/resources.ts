import { sql, type Kysely } from 'kysely';
import type { Page } from '../../contract/envelope';
import type { ConnectorPinChoice, PinMapRow, PinType, PinTypeRef, ResourceType } from '../../contract/resources';
import { keptOnPostgres, lockedOnPostgres, toCount } from '../db/dialect';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import { withUniqueFields } from './unique';

/** Resource types, pin types and the pin map (tables of migration 009, typed in db/schema.ts). */

export const PIN_TYPE_NAME_TAKEN = 'A pin type with this name exists already.';
export const RESOURCE_TYPE_NAME_TAKEN = 'A resource type with this name exists already.';

const now = () => new Date().toISOString();

// ---- pin types

function selectPinTypes(db: Kysely<DB>) {
  return db.selectFrom('pin_types').select(['pin_types.id', 'pin_types.name', 'pin_types.description', 'pin_types.created_at', 'pin_types.updated_at']);
}

const PIN_TYPE_SORTING: ListSorting<'id' | 'name' | 'created_at'> = {
  columns: {
    id: sql.ref('pin_types.id'),
    name: sql`lower(pin_types.name)`,
    created_at: sql.ref('pin_types.created_at'),
  },
  default: 'name',
  tiebreaker: sql.ref('pin_types.id'),
};

export function listPinTypes(db: Kysely<DB>, list: ListQuery<'id' | 'name' | 'created_at'>): Promise<Page<PinType>> {
  let query = selectPinTypes(db);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref('pin_types.name'), sql.ref('pin_types.description')]));
  return pagedList(query, list, PIN_TYPE_SORTING);
}

export function findPinType(db: Kysely<DB>, id: number): Promise<PinType | undefined> {
  return selectPinTypes(db).where('pin_types.id', '=', id).executeTakeFirst();
}

/** The id of another row already named `name` (case-insensitively), if any. */
async function nameTaken(db: Kysely<DB>, table: 'pin_types' | 'resource_types', name: string, except?: number): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export const pinTypeNameTaken = (db: Kysely<DB>, name: string, except?: number) => nameTaken(db, 'pin_types', name, except);
export const resourceTypeNameTaken = (db: Kysely<DB>, name: string, except?: number) => nameTaken(db, 'resource_types', name, except);

export async function insertPinType(db: Kysely<DB>, values: { name: string; description: string }): Promise<number> {
  const stamp = now();
  const { id } = await withUniqueFields(
    () => db.insertInto('pin_types').values({ ...values, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow(),
    { pin_types: ['name', PIN_TYPE_NAME_TAKEN] },
  );
  return id;
}

export async function updatePinType(db: Kysely<DB>, id: number, changes: { name?: string; description?: string }): Promise<void> {
  await withUniqueFields(
    () => db.updateTable('pin_types').set({ ...changes, updated_at: now() }).where('id', '=', id).execute(),
    { pin_types: ['name', PIN_TYPE_NAME_TAKEN] },
  );
}

export function lockPinType(db: Kysely<DB>, id: number): Promise<{ id: number; name: string } | undefined> {
  return lockedOnPostgres(db, db.selectFrom('pin_types').select(['id', 'name']).where('id', '=', id)).executeTakeFirst();
}

/** What refers to a pin type: connector pins of that type and resource types that allow it. */
export async function pinTypeUses(db: Kysely<DB>, id: number): Promise<{ pins: number; resourceTypes: number }> {
  const pins = await db.selectFrom('connector_pins').select((eb) => eb.fn.countAll().as('n')).where('pin_type_id', '=', id).executeTakeFirstOrThrow();
  const types = await db
    .selectFrom('resource_type_pin_types')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('pin_type_id', '=', id)
    .executeTakeFirstOrThrow();
  return { pins: toCount(pins.n as string | number), resourceTypes: toCount(types.n as string | number) };
}

export async function deletePinTypeRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('pin_types').where('id', '=', id).execute();
}

/** The pin types of `ids` that exist, kept from being deleted until the transaction ends (PostgreSQL). */
export async function keepPinTypes(db: Kysely<DB>, ids: readonly number[]): Promise<PinTypeRef[]> {
  if (!ids.length) return [];
  return keptOnPostgres(db, db.selectFrom('pin_types').select(['id', 'name']).where('id', 'in', [...ids])).execute();
}

// ---- resource types

function selectResourceTypes(db: Kysely<DB>) {
  return db
    .selectFrom('resource_types')
    .select((eb) => [
      'resource_types.id',
      'resource_types.name',
      'resource_types.description',
      'resource_types.created_at',
      'resource_types.updated_at',
      eb
        .selectFrom('pin_map')
        .select((sub) => sub.fn.countAll().as('n'))
        .whereRef('pin_map.resource_type_id', '=', 'resource_types.id')
        .as('pin_count'),
    ]);
}
type ResourceTypeRow = Awaited<ReturnType<ReturnType<typeof selectResourceTypes>['executeTakeFirstOrThrow']>>;

type ResourceSort = 'id' | 'name' | 'pin_count' | 'created_at';

const RESOURCE_TYPE_SORTING: ListSorting<ResourceSort> = {
  columns: {
    id: sql.ref('resource_types.id'),
    name: sql`lower(resource_types.name)`,
    pin_count: sql`(select count(*) from pin_map where pin_map.resource_type_id = resource_types.id)`,
    created_at: sql.ref('resource_types.created_at'),
  },
  default: 'name',
  tiebreaker: sql.ref('resource_types.id'),
};

/** The allowed pin types of each resource type of `ids`, by name. */
async function allowedPinTypesOf(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, PinTypeRef[]>> {
  const byType = new Map<number, PinTypeRef[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byType;
  const rows = await db
    .selectFrom('resource_type_pin_types')
    .innerJoin('pin_types', 'pin_types.id', 'resource_type_pin_types.pin_type_id')
    .select(['resource_type_pin_types.resource_type_id', 'pin_types.id', 'pin_types.name'])
    .where('resource_type_pin_types.resource_type_id', 'in', [...ids])
    .orderBy(sql`lower(pin_types.name)`)
    .orderBy('pin_types.id')
    .execute();
  for (const row of rows) byType.get(row.resource_type_id)?.push({ id: row.id, name: row.name });
  return byType;
}

async function withPinTypes(db: Kysely<DB>, rows: ResourceTypeRow[]): Promise<ResourceType[]> {
  const allowed = await allowedPinTypesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, pin_count: toCount(row.pin_count as string | number | null), pin_types: allowed.get(row.id) ?? [] }));
}

export async function listResourceTypes(
  db: Kysely<DB>,
  list: ListQuery<ResourceSort> & { pin_type_id?: number },
): Promise<Page<ResourceType>> {
  let query = selectResourceTypes(db);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref('resource_types.name'), sql.ref('resource_types.description')]));
  if (list.pin_type_id !== undefined) {
    const pinTypeId = list.pin_type_id;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('resource_type_pin_types')
          .select('resource_type_pin_types.pin_type_id')
          .whereRef('resource_type_pin_types.resource_type_id', '=', 'resource_types.id')
          .where('resource_type_pin_types.pin_type_id', '=', pinTypeId),
      ),
    );
  }
  const page = await pagedList(query, list, RESOURCE_TYPE_SORTING);
  return { data: await withPinTypes(db, page.data), meta: page.meta };
}

export async function findResourceType(db: Kysely<DB>, id: number): Promise<ResourceType | undefined> {
  const row = await selectResourceTypes(db).where('resource_types.id', '=', id).executeTakeFirst();
  return row && (await withPinTypes(db, [row]))[0];
}

export async function allowedPinTypes(db: Kysely<DB>, id: number): Promise<PinTypeRef[]> {
  return (await allowedPinTypesOf(db, [id])).get(id) ?? [];
}

export async function insertResourceType(db: Kysely<DB>, values: { name: string; description: string }): Promise<number> {
  const stamp = now();
  const { id } = await withUniqueFields(
    () => db.insertInto('resource_types').values({ ...values, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow(),
    { resource_types: ['name', RESOURCE_TYPE_NAME_TAKEN] },
  );
  return id;
}

export async function updateResourceType(db: Kysely<DB>, id: number, changes: { name?: string; description?: string }): Promise<void> {
  await withUniqueFields(
    () => db.updateTable('resource_types').set({ ...changes, updated_at: now() }).where('id', '=', id).execute(),
    { resource_types: ['name', RESOURCE_TYPE_NAME_TAKEN] },
  );
}

/** Replaces the allowed pin types. */
export async function setAllowedPinTypes(db: Kysely<DB>, id: number, pinTypeIds: readonly number[]): Promise<void> {
  await db.deleteFrom('resource_type_pin_types').where('resource_type_id', '=', id).execute();
  if (pinTypeIds.length) {
    await db
      .insertInto('resource_type_pin_types')
      .values(pinTypeIds.map((pin_type_id) => ({ resource_type_id: id, pin_type_id })))
      .execute();
  }
  await db.updateTable('resource_types').set({ updated_at: now() }).where('id', '=', id).execute();
}

/** The resource type's row, locked until the transaction ends (PostgreSQL). */
export function lockResourceType(db: Kysely<DB>, id: number): Promise<{ id: number; name: string } | undefined> {
  return lockedOnPostgres(db, db.selectFrom('resource_types').select(['id', 'name']).where('id', '=', id)).executeTakeFirst();
}

export async function pinMapCount(db: Kysely<DB>, resourceTypeId: number): Promise<number> {
  const row = await db.selectFrom('pin_map').select((eb) => eb.fn.countAll().as('n')).where('resource_type_id', '=', resourceTypeId).executeTakeFirstOrThrow();
  return toCount(row.n as string | number);
}

/** How many pin map rows of the resource type use pins of each pin type (by pin type name). */
export async function mappedPinTypes(db: Kysely<DB>, resourceTypeId: number): Promise<{ id: number; name: string; count: number }[]> {
  const rows = await db
    .selectFrom('pin_map')
    .innerJoin('connector_pins', 'connector_pins.id', 'pin_map.connector_pin_id')
    .innerJoin('pin_types', 'pin_types.id', 'connector_pins.pin_type_id')
    .select((eb) => ['pin_types.id', 'pin_types.name', eb.fn.countAll().as('n')])
    .where('pin_map.resource_type_id', '=', resourceTypeId)
    .groupBy(['pin_types.id', 'pin_types.name'])
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, count: toCount(r.n as string | number) }));
}

export async function deleteResourceTypeRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('resource_types').where('id', '=', id).execute();
}

// ---- pin map

function selectPinMap(db: Kysely<DB>) {
  return db
    .selectFrom('pin_map')
    .innerJoin('connector_pins', 'connector_pins.id', 'pin_map.connector_pin_id')
    .innerJoin('cartridge_types', 'cartridge_types.id', 'connector_pins.cartridge_type_id')
    .leftJoin('pin_types', 'pin_types.id', 'connector_pins.pin_type_id')
    .select([
      'pin_map.id',
      'pin_map.resource_type_id',
      'pin_map.connector_pin_id',
      'cartridge_types.id as cartridge_type_id',
      'cartridge_types.name as cartridge_type_name',
      'connector_pins.number as pin_number',
      'connector_pins.name as pin_name',
      'pin_types.id as pin_type_id',
      'pin_types.name as pin_type_name',
      'pin_map.created_at',
    ]);
}
type PinMapSelected = Awaited<ReturnType<ReturnType<typeof selectPinMap>['executeTakeFirstOrThrow']>>;

const toPinMapRow = ({ pin_type_id, pin_type_name, ...row }: PinMapSelected): PinMapRow => ({
  ...row,
  pin_type: pin_type_id !== null && pin_type_name !== null ? { id: pin_type_id, name: pin_type_name } : null,
});

/**
 * The pin number as ten digits ('7' → '0000000007'), so "by cartridge type" orders each type's
 * pins by number, in the same SQL on both databases.
 */
const paddedPinNumber = sql`substr('0000000000' || cast(connector_pins.number as text), length(cast(connector_pins.number as text)) + 1, 10)`;

type PinMapSort = 'cartridge_type' | 'pin_number' | 'created_at';
const PIN_MAP_SORTING: ListSorting<PinMapSort> = {
  columns: {
    cartridge_type: sql`lower(cartridge_types.name) || '#' || ${paddedPinNumber}`,
    pin_number: sql.ref('connector_pins.number'),
    created_at: sql.ref('pin_map.created_at'),
  },
  default: 'cartridge_type',
  tiebreaker: sql.ref('pin_map.id'),
};

export async function listPinMap(db: Kysely<DB>, resourceTypeId: number, list: ListQuery<PinMapSort>): Promise<Page<PinMapRow>> {
  let query = selectPinMap(db).where('pin_map.resource_type_id', '=', resourceTypeId);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref('cartridge_types.name'), sql.ref('connector_pins.name')]));
  const page = await pagedList(query, list, PIN_MAP_SORTING);
  return { data: page.data.map(toPinMapRow), meta: page.meta };
}

export async function findPinMapRow(db: Kysely<DB>, id: number): Promise<PinMapRow | undefined> {
  const row = await selectPinMap(db).where('pin_map.id', '=', id).executeTakeFirst();
  return row && toPinMapRow(row);
}

/** The connector pin with its pin type, kept from being deleted until the transaction ends (PostgreSQL). */
export function keepConnectorPin(db: Kysely<DB>, id: number): Promise<{ id: number; pin_type_id: number | null; name: string; number: number } | undefined> {
  return keptOnPostgres(db, db.selectFrom('connector_pins').select(['id', 'pin_type_id', 'name', 'number']).where('id', '=', id)).executeTakeFirst();
}

/** The resource type kept from being deleted until the transaction ends (PostgreSQL). */
export function keepResourceType(db: Kysely<DB>, id: number): Promise<{ id: number; name: string } | undefined> {
  return keptOnPostgres(db, db.selectFrom('resource_types').select(['id', 'name']).where('id', '=', id)).executeTakeFirst();
}

export async function pinMapRowOf(db: Kysely<DB>, resourceTypeId: number, connectorPinId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('pin_map')
    .select('id')
    .where('resource_type_id', '=', resourceTypeId)
    .where('connector_pin_id', '=', connectorPinId)
    .executeTakeFirst();
  return row?.id;
}

export async function insertPinMapRow(db: Kysely<DB>, resourceTypeId: number, connectorPinId: number): Promise<number> {
  const { id } = await db
    .insertInto('pin_map')
    .values({ resource_type_id: resourceTypeId, connector_pin_id: connectorPinId, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function lockPinMapRow(db: Kysely<DB>, id: number): Promise<{ id: number } | undefined> {
  return lockedOnPostgres(db, db.selectFrom('pin_map').select(['id']).where('id', '=', id)).executeTakeFirst();
}

export async function deletePinMapRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('pin_map').where('id', '=', id).execute();
}

// ---- connector pins a resource type may map

type ChoiceSort = 'cartridge_type' | 'number';
const CHOICE_SORTING: ListSorting<ChoiceSort> = {
  columns: {
    cartridge_type: sql`lower(cartridge_types.name) || '#' || ${paddedPinNumber}`,
    number: sql.ref('connector_pins.number'),
  },
  default: 'cartridge_type',
  tiebreaker: sql.ref('connector_pins.id'),
};

/** The connector pins whose pin type the resource type allows, with whether its pin map has them. */
export async function listConnectorPinChoices(
  db: Kysely<DB>,
  resourceTypeId: number,
  list: ListQuery<ChoiceSort> & { cartridge_type_id?: number },
): Promise<Page<ConnectorPinChoice>> {
  let query = db
    .selectFrom('connector_pins')
    .innerJoin('cartridge_types', 'cartridge_types.id', 'connector_pins.cartridge_type_id')
    .innerJoin('pin_types', 'pin_types.id', 'connector_pins.pin_type_id')
    .innerJoin('resource_type_pin_types', (join) =>
      join.onRef('resource_type_pin_types.pin_type_id', '=', 'connector_pins.pin_type_id').on('resource_type_pin_types.resource_type_id', '=', resourceTypeId),
    )
    .select((eb) => [
      'connector_pins.id',
      'connector_pins.cartridge_type_id',
      'cartridge_types.name as cartridge_type_name',
      'connector_pins.number',
      'connector_pins.name',
      'pin_types.id as pin_type_id',
      'pin_types.name as pin_type_name',
      eb
        .exists(
          eb
            .selectFrom('pin_map')
            .select('pin_map.id')
            .whereRef('pin_map.connector_pin_id', '=', 'connector_pins.id')
            .where('pin_map.resource_type_id', '=', resourceTypeId),
        )
        .as('mapped'),
    ]);
  if (list.cartridge_type_id !== undefined) query = query.where('connector_pins.cartridge_type_id', '=', list.cartridge_type_id);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref('cartridge_types.name'), sql.ref('connector_pins.name')]));
  const page = await pagedList(query, list, CHOICE_SORTING);
  return {
    data: page.data.map(({ pin_type_id, pin_type_name, mapped, ...row }) => ({
      ...row,
      pin_type: { id: pin_type_id, name: pin_type_name },
      mapped: Boolean(mapped),
    })),
    meta: page.meta,
  };
}
