import { sql, type Kysely } from 'kysely';
import type {
  CartridgeFirmware,
  CartridgeType,
  CartridgeTypeUpdateInput,
  ConnectorPin,
  ConnectorPinUpdateInput,
  PinTypeOption,
} from '../../contract/cartridge-types';
import type { Page } from '../../contract/envelope';
import { lockedOnPostgres, toCount } from '../db/dialect';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import { withUniqueFields } from './unique';

/** Cartridge types, their connector pins and firmware (tables of migration 009, `CatalogueDB`). */

const pinCount = sql<number>`(select count(*) from connector_pins cp where cp.cartridge_type_id = cartridge_types.id)`;
const firmwareCount = sql<number>`(select count(*) from cartridge_type_firmware cf where cf.cartridge_type_id = cartridge_types.id)`;
const latestFirmware = sql<string | null>`(select cf.version from cartridge_type_firmware cf where cf.cartridge_type_id = cartridge_types.id order by cf.created_at desc, cf.id desc limit 1)`;

function selectTypes(db: Kysely<DB>) {
  return db
    .selectFrom('cartridge_types')
    .select([
      'cartridge_types.id',
      'cartridge_types.name',
      'cartridge_types.description',
      'cartridge_types.rated_probe_life_cycles',
      'cartridge_types.cleaning_interval_cycles',
      'cartridge_types.created_at',
      'cartridge_types.updated_at',
      pinCount.as('pin_count'),
      firmwareCount.as('firmware_count'),
      latestFirmware.as('latest_firmware'),
    ]);
}
type TypeRow = Awaited<ReturnType<ReturnType<typeof selectTypes>['executeTakeFirstOrThrow']>>;

const toType = (row: TypeRow): CartridgeType => ({
  ...row,
  pin_count: toCount(row.pin_count),
  firmware_count: toCount(row.firmware_count),
});

type TypeSort = 'id' | 'name' | 'pin_count' | 'firmware_count' | 'updated_at';
const TYPE_SORTING: ListSorting<TypeSort> = {
  columns: {
    id: sql.ref('cartridge_types.id'),
    name: sql`lower(cartridge_types.name)`,
    pin_count: pinCount,
    firmware_count: firmwareCount,
    updated_at: sql.ref('cartridge_types.updated_at'),
  },
  default: 'name',
  tiebreaker: sql.ref('cartridge_types.id'),
};

export async function listCartridgeTypes(db: Kysely<DB>, list: ListQuery<TypeSort>): Promise<Page<CartridgeType>> {
  let query = selectTypes(db);
  if (list.search) {
    query = query.where(matchesSearch(db, list.search, [sql.ref<string>('cartridge_types.name'), sql.ref<string>('cartridge_types.description')]));
  }
  const page = await pagedList(query, list, TYPE_SORTING);
  return { data: page.data.map(toType), meta: page.meta };
}

export async function findCartridgeType(db: Kysely<DB>, id: number): Promise<CartridgeType | undefined> {
  const row = await selectTypes(db).where('cartridge_types.id', '=', id).executeTakeFirst();
  return row && toType(row);
}

export async function cartridgeTypeNameTaken(db: Kysely<DB>, name: string, except?: number): Promise<boolean> {
  let query = db.selectFrom('cartridge_types').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (except !== undefined) query = query.where('id', '!=', except);
  return !!(await query.executeTakeFirst());
}

const NAME_TAKEN: Record<string, [string, string]> = { name: ['name', 'A cartridge type with this name exists already.'] };

export async function insertCartridgeType(
  db: Kysely<DB>,
  values: { name: string; description: string; rated_probe_life_cycles?: number | null; cleaning_interval_cycles?: number | null },
): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await withUniqueFields(
    () => db.insertInto('cartridge_types').values({ ...values, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow(),
    NAME_TAKEN,
  );
  return id;
}

export async function updateCartridgeType(db: Kysely<DB>, id: number, changes: CartridgeTypeUpdateInput): Promise<void> {
  await withUniqueFields(
    () => db.updateTable('cartridge_types').set({ ...changes, updated_at: new Date().toISOString() }).where('id', '=', id).execute(),
    NAME_TAKEN,
  );
}

export async function touchCartridgeType(db: Kysely<DB>, id: number): Promise<void> {
  await db.updateTable('cartridge_types').set({ updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

export function lockCartridgeType(db: Kysely<DB>, id: number): Promise<{ id: number; name: string } | undefined> {
  return lockedOnPostgres(db, db.selectFrom('cartridge_types').select(['id', 'name']).where('id', '=', id)).executeTakeFirst();
}

/** What still refers to a cartridge type: its cartridges and its firmware versions. */
export async function cartridgeTypeReferences(db: Kysely<DB>, id: number): Promise<{ cartridges: number; firmware: number }> {
  const count = async (table: 'cartridges' | 'cartridge_type_firmware') =>
    toCount(
      (await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('cartridge_type_id', '=', id).executeTakeFirstOrThrow()).n as
        | string
        | number,
    );
  return { cartridges: await count('cartridges'), firmware: await count('cartridge_type_firmware') };
}

/** Removes the type; its connector pins (and their pin map rows) go with it (cascade). */
export async function deleteCartridgeTypeRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('cartridge_types').where('id', '=', id).execute();
}

// Connector pins

function selectPins(db: Kysely<DB>) {
  return db
    .selectFrom('connector_pins')
    .leftJoin('pin_types', 'pin_types.id', 'connector_pins.pin_type_id')
    .select([
      'connector_pins.id',
      'connector_pins.cartridge_type_id',
      'connector_pins.number',
      'connector_pins.name',
      'connector_pins.pin_type_id',
      'pin_types.name as pin_type_name',
    ]);
}

export function pinsOfType(db: Kysely<DB>, cartridgeTypeId: number): Promise<ConnectorPin[]> {
  return selectPins(db).where('connector_pins.cartridge_type_id', '=', cartridgeTypeId).orderBy('connector_pins.number').execute();
}

export function findConnectorPin(db: Kysely<DB>, id: number): Promise<ConnectorPin | undefined> {
  return selectPins(db).where('connector_pins.id', '=', id).executeTakeFirst();
}

export function pinTypeOptions(db: Kysely<DB>): Promise<PinTypeOption[]> {
  return db.selectFrom('pin_types').select(['id', 'name']).orderBy(sql`lower(name)`).orderBy('id').execute();
}

export async function pinTypeExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('pin_types').select('id').where('id', '=', id).executeTakeFirst());
}

export async function pinNumberTaken(db: Kysely<DB>, cartridgeTypeId: number, number: number, except?: number): Promise<boolean> {
  let query = db.selectFrom('connector_pins').select('id').where('cartridge_type_id', '=', cartridgeTypeId).where('number', '=', number);
  if (except !== undefined) query = query.where('id', '!=', except);
  return !!(await query.executeTakeFirst());
}

const NUMBER_TAKEN: Record<string, [string, string]> = { number: ['number', 'This cartridge type has a pin with this number already.'] };

export async function insertConnectorPin(
  db: Kysely<DB>,
  values: { cartridge_type_id: number; number: number; name: string; pin_type_id: number | null },
): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await withUniqueFields(
    () => db.insertInto('connector_pins').values({ ...values, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow(),
    NUMBER_TAKEN,
  );
  return id;
}

export async function updateConnectorPin(db: Kysely<DB>, id: number, changes: ConnectorPinUpdateInput): Promise<void> {
  await withUniqueFields(
    () => db.updateTable('connector_pins').set({ ...changes, updated_at: new Date().toISOString() }).where('id', '=', id).execute(),
    NUMBER_TAKEN,
  );
}

export function lockConnectorPin(db: Kysely<DB>, id: number) {
  return lockedOnPostgres(
    db,
    db.selectFrom('connector_pins').select(['id', 'number', 'name', 'cartridge_type_id']).where('id', '=', id),
  ).executeTakeFirst();
}

export async function pinMapUses(db: Kysely<DB>, pinId: number): Promise<number> {
  const row = await db.selectFrom('pin_map').select((eb) => eb.fn.countAll().as('n')).where('connector_pin_id', '=', pinId).executeTakeFirstOrThrow();
  return toCount(row.n as string | number);
}

export async function deleteConnectorPinRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('connector_pins').where('id', '=', id).execute();
}

// Firmware

function selectFirmware(db: Kysely<DB>) {
  return db
    .selectFrom('cartridge_type_firmware')
    .innerJoin('files', 'files.id', 'cartridge_type_firmware.file_id')
    .leftJoin('users', 'users.id', 'cartridge_type_firmware.created_by')
    .select([
      'cartridge_type_firmware.id',
      'cartridge_type_firmware.cartridge_type_id',
      'cartridge_type_firmware.version',
      'cartridge_type_firmware.description',
      'cartridge_type_firmware.file_id',
      'files.name as firmware_name',
      'files.size as firmware_size',
      'files.type as firmware_type',
      'files.sha256 as firmware_sha256',
      'cartridge_type_firmware.created_at',
      'cartridge_type_firmware.created_by',
      'users.username as created_by_username',
    ]);
}
type FirmwareRow = Awaited<ReturnType<ReturnType<typeof selectFirmware>['executeTakeFirstOrThrow']>>;

export type StoredCartridgeFirmware = CartridgeFirmware & { file_id: string };

function toFirmware({ created_by, created_by_username, firmware_size, ...row }: FirmwareRow): StoredCartridgeFirmware {
  return {
    ...row,
    firmware_size: Number(firmware_size),
    created_by: created_by !== null && created_by_username !== null ? { id: created_by, username: created_by_username } : null,
  };
}

type FirmwareSort = 'id' | 'version' | 'firmware_name' | 'firmware_size' | 'created_at';
const FIRMWARE_SORTING: ListSorting<FirmwareSort> = {
  columns: {
    id: sql.ref('cartridge_type_firmware.id'),
    version: sql`lower(cartridge_type_firmware.version)`,
    firmware_name: sql`lower(files.name)`,
    firmware_size: sql.ref('files.size'),
    created_at: sql.ref('cartridge_type_firmware.created_at'),
  },
  default: 'created_at',
  defaultDesc: true,
  tiebreaker: sql.ref('cartridge_type_firmware.id'),
};

export async function listCartridgeFirmware(
  db: Kysely<DB>,
  cartridgeTypeId: number,
  list: ListQuery<FirmwareSort>,
): Promise<Page<StoredCartridgeFirmware>> {
  let query = selectFirmware(db).where('cartridge_type_firmware.cartridge_type_id', '=', cartridgeTypeId);
  if (list.search) {
    const columns = [
      sql.ref<string>('cartridge_type_firmware.version'),
      sql.ref<string>('cartridge_type_firmware.description'),
      sql.ref<string>('files.name'),
    ];
    query = query.where(matchesSearch(db, list.search, columns));
  }
  const page = await pagedList(query, list, FIRMWARE_SORTING);
  return { data: page.data.map(toFirmware), meta: page.meta };
}

export async function findCartridgeFirmware(db: Kysely<DB>, id: number): Promise<StoredCartridgeFirmware | undefined> {
  const row = await selectFirmware(db).where('cartridge_type_firmware.id', '=', id).executeTakeFirst();
  return row && toFirmware(row);
}

export async function firmwareVersionTaken(db: Kysely<DB>, cartridgeTypeId: number, version: string): Promise<boolean> {
  return !!(await db
    .selectFrom('cartridge_type_firmware')
    .select('id')
    .where('cartridge_type_id', '=', cartridgeTypeId)
    .where(sql`lower(version)`, '=', version.toLowerCase())
    .executeTakeFirst());
}

export async function insertCartridgeFirmware(
  db: Kysely<DB>,
  values: { cartridge_type_id: number; version: string; description: string; file_id: string; created_by: number | null },
  now = new Date().toISOString(),
): Promise<number> {
  const { id } = await db
    .insertInto('cartridge_type_firmware')
    .values({ ...values, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function lockCartridgeFirmware(db: Kysely<DB>, id: number): Promise<{ id: number; file_id: string } | undefined> {
  return lockedOnPostgres(db, db.selectFrom('cartridge_type_firmware').select(['id', 'file_id']).where('id', '=', id)).executeTakeFirst();
}

export async function deleteCartridgeFirmwareRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('cartridge_type_firmware').where('id', '=', id).execute();
}
