import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The demo's resource types, the pin types each allows, and a pin map. Pin types are
 * made by name only where missing: the cartridge types' demo (demo-cartridge-types) may have made
 * the same ones for its connector pins. The pin map maps the connector pins that exist, found by
 * pin type and name, so this runs after the cartridge types' demo, and alone it maps nothing.
 */
export const DEMO_PIN_TYPES = [
  { name: 'Power', description: 'Supplies or sinks current: supply rails, load outputs.' },
  { name: 'Analog', description: 'Measured or driven as a voltage.' },
  { name: 'Digital', description: 'Logic level input or output.' },
  { name: 'Ground', description: 'Reference and return.' },
  { name: 'Bus', description: 'Part of a serial bus: I2C, SPI, UART, CAN.' },
] as const;

type PinTypeName = (typeof DEMO_PIN_TYPES)[number]['name'];

/** Each resource type with its allowed pin types and which of their pins it takes (by name; all when absent). */
const RESOURCE_TYPES: { name: string; description: string; allows: PinTypeName[]; pins?: RegExp }[] = [
  { name: 'Power rail', description: 'A supply rail the board under test is powered from.', allows: ['Power'] },
  { name: 'Voltage sense', description: 'A voltage measured on a test pad.', allows: ['Analog'] },
  { name: 'Current sense', description: 'A current measured through a shunt.', allows: ['Analog', 'Power'], pins: /cur|isns|shunt|^i[_-]/i },
  { name: 'Digital I/O', description: 'A logic input or output of the board.', allows: ['Digital'] },
  { name: 'Ground reference', description: 'The common return of the fixture.', allows: ['Ground'] },
  { name: 'Communication bus', description: 'A serial bus to talk to the board.', allows: ['Bus', 'Digital'], pins: /sda|scl|mosi|miso|sck|tx|rx|can|bus/i },
  { name: 'Waveform input', description: 'A signal sampled by the scope module (none mapped yet).', allows: ['Analog'], pins: /^$/ },
];

/**
 * Every pin of an allowed pin type (that matches the type's name pattern) is in the demo's map,
 * as a real catalogue's would be: a request's fixture needs a pin per net, and the half-processed
 * demo request (demo-requests.ts) can only be finished with cartridges enough for its ~180 nets.
 */

export async function seedDemoResources(db: Kysely<DB>): Promise<{ resourceTypes: number; pinMap: number }> {
  const now = new Date().toISOString();
  const pinTypeIds = new Map<string, number>();
  for (const pinType of DEMO_PIN_TYPES) {
    const found = await db.selectFrom('pin_types').select('id').where('name', '=', pinType.name).executeTakeFirst();
    const id =
      found?.id ??
      (await db.insertInto('pin_types').values({ ...pinType, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    pinTypeIds.set(pinType.name, id);
  }

  let mapped = 0;
  for (const type of RESOURCE_TYPES) {
    const found = await db.selectFrom('resource_types').select('id').where('name', '=', type.name).executeTakeFirst();
    const id =
      found?.id ??
      (
        await db
          .insertInto('resource_types')
          .values({ name: type.name, description: type.description, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const allowed = type.allows.map((name) => pinTypeIds.get(name)!);
    const already = new Set((await db.selectFrom('resource_type_pin_types').select('pin_type_id').where('resource_type_id', '=', id).execute()).map((r) => r.pin_type_id));
    const missing = allowed.filter((p) => !already.has(p));
    if (missing.length) await db.insertInto('resource_type_pin_types').values(missing.map((pin_type_id) => ({ resource_type_id: id, pin_type_id }))).execute();

    const pins = await db
      .selectFrom('connector_pins')
      .select(['id', 'name'])
      .where('pin_type_id', 'in', allowed)
      .orderBy('cartridge_type_id')
      .orderBy('number')
      .execute();
    const inMap = new Set((await db.selectFrom('pin_map').select('connector_pin_id').where('resource_type_id', '=', id).execute()).map((r) => r.connector_pin_id));
    const chosen = pins.filter((p) => (type.pins ? type.pins.test(p.name) : true) && !inMap.has(p.id));
    if (chosen.length) {
      await db.insertInto('pin_map').values(chosen.map((p) => ({ resource_type_id: id, connector_pin_id: p.id, created_at: now }))).execute();
      mapped += chosen.length;
    }
  }
  return { resourceTypes: RESOURCE_TYPES.length, pinMap: mapped };
}
