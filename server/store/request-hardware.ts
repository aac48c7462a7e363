import { sql, type Kysely } from 'kysely';
import type { AmsType } from '../../contract/cassette-module-types';
import type { SelectedCartridge, SelectedModule } from '../../contract/requests';
import type { DB } from '../db/schema';

/**
 * The modules and cartridges chosen for a request's cassette (selected_modules and
 * selected_cartridges, migration 010), and the connector pins and pin map the mapping checks.
 * Writes run under the request's lock (request-lock.ts).
 */

export const MODULE_NOT_FOUND = 'There is no such selected module.';
export const CARTRIDGE_NOT_FOUND = 'There is no such selected cartridge.';

// ---- selected modules

function selectModules(db: Kysely<DB>) {
  return db
    .selectFrom('selected_modules as sm')
    .innerJoin('cassette_module_types as mt', 'mt.id', 'sm.cassette_module_type_id')
    .select(['sm.id', 'sm.request_id', 'sm.project_id', 'sm.slot', 'mt.id as type_id', 'mt.name as type_name', 'mt.ams_type']);
}
type ModuleRow = Awaited<ReturnType<ReturnType<typeof selectModules>['executeTakeFirstOrThrow']>>;
const toModule = ({ type_id, type_name, ams_type, ...row }: ModuleRow): SelectedModule => ({
  ...row,
  module_type: { id: type_id, name: type_name, ams_type: ams_type as AmsType },
});

export async function findSelectedModule(db: Kysely<DB>, id: number): Promise<SelectedModule | undefined> {
  const row = await selectModules(db).where('sm.id', '=', id).executeTakeFirst();
  return row && toModule(row);
}

export async function listSelectedModules(db: Kysely<DB>, requestId: number): Promise<SelectedModule[]> {
  return (await selectModules(db).where('sm.request_id', '=', requestId).orderBy('sm.slot').execute()).map(toModule);
}

export async function moduleTypeExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await db.selectFrom('cassette_module_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

// ---- selected cartridges

const pinCount = sql<number>`(select count(*) from connector_pins cp where cp.cartridge_type_id = ct.id)`;

function selectCartridges(db: Kysely<DB>) {
  return db
    .selectFrom('selected_cartridges as sc')
    .innerJoin('cartridge_types as ct', 'ct.id', 'sc.cartridge_type_id')
    .select(['sc.id', 'sc.request_id', 'sc.project_id', 'sc.bay', 'ct.id as type_id', 'ct.name as type_name', pinCount.as('pins')]);
}
type CartridgeRow = Awaited<ReturnType<ReturnType<typeof selectCartridges>['executeTakeFirstOrThrow']>>;
const toCartridge = ({ type_id, type_name, pins, ...row }: CartridgeRow): SelectedCartridge => ({
  ...row,
  cartridge_type: { id: type_id, name: type_name, pins: Number(pins) },
});

export async function findSelectedCartridge(db: Kysely<DB>, id: number): Promise<SelectedCartridge | undefined> {
  const row = await selectCartridges(db).where('sc.id', '=', id).executeTakeFirst();
  return row && toCartridge(row);
}

export async function listSelectedCartridges(db: Kysely<DB>, requestId: number): Promise<SelectedCartridge[]> {
  return (await selectCartridges(db).where('sc.request_id', '=', requestId).orderBy('sc.bay').execute()).map(toCartridge);
}

export async function cartridgeTypeExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await db.selectFrom('cartridge_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

// ---- both: the same table shape with `slot` or `bay`

type Selection =
  | { table: 'selected_modules'; place: 'slot'; type: 'cassette_module_type_id' }
  | { table: 'selected_cartridges'; place: 'bay'; type: 'cartridge_type_id' };
export const MODULES: Selection = { table: 'selected_modules', place: 'slot', type: 'cassette_module_type_id' };
export const CARTRIDGES: Selection = { table: 'selected_cartridges', place: 'bay', type: 'cartridge_type_id' };

/** The row of the request that holds this slot (bay) already, but `exceptId`. */
export async function placeTaken(db: Kysely<DB>, s: Selection, requestId: number, place: number, exceptId?: number): Promise<boolean> {
  const rows = await (db as Kysely<any>).selectFrom(s.table).select('id').where('request_id', '=', requestId).where(s.place, '=', place).execute();
  return rows.some((r: { id: number }) => r.id !== exceptId);
}

export async function insertSelection(db: Kysely<DB>, s: Selection, requestId: number, typeId: number, place: number): Promise<number> {
  const row = await (db as Kysely<any>)
    .insertInto(s.table)
    .values({ request_id: requestId, [s.type]: typeId, [s.place]: place, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}

export async function updateSelection(db: Kysely<DB>, s: Selection, id: number, changes: { typeId?: number; place?: number }): Promise<void> {
  const set = { ...(changes.typeId !== undefined && { [s.type]: changes.typeId }), ...(changes.place !== undefined && { [s.place]: changes.place }) };
  if (Object.keys(set).length) await (db as Kysely<any>).updateTable(s.table).set(set).where('id', '=', id).execute();
}

/** The selection's type id, or undefined when the row is gone. */
export async function selectionType(db: Kysely<DB>, s: Selection, id: number): Promise<number | undefined> {
  const row = await (db as Kysely<any>).selectFrom(s.table).select(`${s.type} as type_id`).where('id', '=', id).executeTakeFirst();
  return row?.type_id as number | undefined;
}

/**
 * Deletes the selection. The groups it served lose it (the columns are `on delete set null`); a
 * cartridge takes its connector pin with it too, since a pin means nothing without its cartridge.
 */
export async function deleteSelection(db: Kysely<DB>, s: Selection, id: number): Promise<void> {
  if (s.table === 'selected_cartridges') await unmapCartridge(db, id);
  await (db as Kysely<any>).deleteFrom(s.table).where('id', '=', id).execute();
}

/** Unmaps every group wired to a pin of this selected cartridge (it goes, or its type changes). */
export async function unmapCartridge(db: Kysely<DB>, selectedCartridgeId: number): Promise<void> {
  await db
    .updateTable('test_pad_groups')
    .set({ selected_cartridge_id: null, connector_pin_id: null, selected_module_id: null, updated_at: new Date().toISOString() })
    .where('selected_cartridge_id', '=', selectedCartridgeId)
    .execute();
}

// ---- connector pins and the pin map

export type PinFacts = {
  id: number;
  number: number;
  name: string;
  cartridge_type_id: number;
  cartridge_type: string;
  pin_type: string | null;
};

export async function pinFacts(db: Kysely<DB>, pinId: number): Promise<PinFacts | undefined> {
  return db
    .selectFrom('connector_pins as cp')
    .innerJoin('cartridge_types as ct', 'ct.id', 'cp.cartridge_type_id')
    .leftJoin('pin_types as pt', 'pt.id', 'cp.pin_type_id')
    .select(['cp.id', 'cp.number', 'cp.name', 'cp.cartridge_type_id', 'ct.name as cartridge_type', 'pt.name as pin_type'])
    .where('cp.id', '=', pinId)
    .executeTakeFirst();
}

/** Whether the pin map lists this pin for this resource type: the one rule a mapping keeps. */
export async function pinServes(db: Kysely<DB>, resourceTypeId: number, pinId: number): Promise<boolean> {
  const row = await db
    .selectFrom('pin_map')
    .select('id')
    .where('resource_type_id', '=', resourceTypeId)
    .where('connector_pin_id', '=', pinId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The pin types a resource type allows, by name. */
export async function allowedPinTypes(db: Kysely<DB>, resourceTypeId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('resource_type_pin_types as rp')
    .innerJoin('pin_types as pt', 'pt.id', 'rp.pin_type_id')
    .select('pt.name')
    .where('rp.resource_type_id', '=', resourceTypeId)
    .orderBy('pt.name')
    .execute();
  return rows.map((r) => r.name);
}

/** The group of the request wired to this pin of this selected cartridge, but `exceptGroupId`. */
export async function pinUser(
  db: Kysely<DB>,
  selectedCartridgeId: number,
  pinId: number,
  exceptGroupId: number,
): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('test_pad_groups')
    .select(['id', 'name'])
    .where('selected_cartridge_id', '=', selectedCartridgeId)
    .where('connector_pin_id', '=', pinId)
    .where('id', '!=', exceptGroupId)
    .executeTakeFirst();
}
