import type { Kysely } from 'kysely';
import type { PadKind, PadSide } from '../../contract/pogo-board';
import type { DB } from '../db/schema';

/** The reads behind a request's capacity and wiring views (services/request-views.ts). */

/** Per resource type the request's groups need: how many groups. */
export function neededResourceTypes(db: Kysely<DB>, requestId: number) {
  return db
    .selectFrom('test_pad_groups as g')
    .innerJoin('resource_types as rt', 'rt.id', 'g.resource_type_id')
    .select(['rt.id', 'rt.name', (eb) => eb.fn.countAll<number | string>().as('groups')])
    .where('g.request_id', '=', requestId)
    .groupBy(['rt.id', 'rt.name'])
    .orderBy('rt.name')
    .execute();
}

/** The pins of the request's selected cartridges that the pin map gives these resource types. */
export function servingPins(db: Kysely<DB>, requestId: number, resourceTypeIds: number[]) {
  if (!resourceTypeIds.length) return Promise.resolve([]);
  return db
    .selectFrom('selected_cartridges as sc')
    .innerJoin('cartridge_types as ct', 'ct.id', 'sc.cartridge_type_id')
    .innerJoin('connector_pins as cp', 'cp.cartridge_type_id', 'ct.id')
    .innerJoin('pin_map as pm', 'pm.connector_pin_id', 'cp.id')
    .leftJoin('pin_types as pt', 'pt.id', 'cp.pin_type_id')
    .select([
      'pm.resource_type_id',
      'sc.id as sc_id',
      'sc.bay',
      'ct.id as ct_id',
      'ct.name as ct_name',
      'cp.id as cp_id',
      'cp.number',
      'cp.name as cp_name',
      'pt.id as pt_id',
      'pt.name as pt_name',
    ])
    .where('sc.request_id', '=', requestId)
    .where('pm.resource_type_id', 'in', resourceTypeIds)
    .orderBy('sc.bay')
    .orderBy('cp.number')
    .execute();
}

/** The request's mapped groups, by the (selected cartridge, pin) they use. */
export function mappedGroups(db: Kysely<DB>, requestId: number) {
  return db
    .selectFrom('test_pad_groups')
    .select(['id', 'name', 'selected_cartridge_id', 'connector_pin_id'])
    .where('request_id', '=', requestId)
    .where('selected_cartridge_id', 'is not', null)
    .where('connector_pin_id', 'is not', null)
    .execute();
}

/** Every pad of the request as the pogo-board analysis takes it (tooling holes are obstacles too). */
export async function requestPads(db: Kysely<DB>, requestId: number) {
  const rows = await db
    .selectFrom('test_pads')
    .select(['id', 'name', 'net', 'x', 'y', 'side', 'diameter', 'kind'])
    .where('request_id', '=', requestId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, side: r.side as PadSide, kind: r.kind as PadKind }));
}

/** One row per grouped pad, with its group's mapping, by group name then pad name. */
export function wiringLines(db: Kysely<DB>, requestId: number) {
  return db
    .selectFrom('test_pads as p')
    .innerJoin('test_pad_groups as g', 'g.id', 'p.group_id')
    .innerJoin('resource_types as rt', 'rt.id', 'g.resource_type_id')
    .leftJoin('selected_cartridges as sc', 'sc.id', 'g.selected_cartridge_id')
    .leftJoin('cartridge_types as ct', 'ct.id', 'sc.cartridge_type_id')
    .leftJoin('connector_pins as cp', 'cp.id', 'g.connector_pin_id')
    .leftJoin('selected_modules as sm', 'sm.id', 'g.selected_module_id')
    .leftJoin('cassette_module_types as mt', 'mt.id', 'sm.cassette_module_type_id')
    .select([
      'p.id',
      'p.name as pad',
      'p.net',
      'p.side',
      'p.x',
      'p.y',
      'g.name as group',
      'rt.name as resource_type',
      'sc.bay as cartridge_bay',
      'ct.name as cartridge_type',
      'cp.number as pin_number',
      'cp.name as pin_name',
      'sm.slot as module_slot',
      'mt.name as module',
    ])
    .where('p.request_id', '=', requestId)
    .orderBy('g.name')
    .orderBy('p.name')
    .execute();
}
