import type { Kysely } from 'kysely';
import type { AmsType } from '../../contract/cassette-module-types';
import type { DB } from '../db/schema';
import { insertModuleType } from '../store/cassette-module-types';
import { insertCassette, replaceModules } from '../store/cassettes';

/** The platform's AMS modules: one of each common family. */
const MODULE_TYPES: { name: string; ams_type: AmsType; description: string }[] = [
  { name: 'DMM-6.5', ams_type: 'dmm', description: '6½-digit multimeter: voltage, current, resistance.' },
  { name: 'PSU-2x30V', ams_type: 'psu', description: 'Two channels, 0–30 V, 3 A each, with current readback.' },
  { name: 'GPIO-32', ams_type: 'gpio', description: '32 digital lines, 1.8–5 V.' },
  { name: 'CAN-FD-2', ams_type: 'can', description: 'Two CAN-FD channels with switchable termination.' },
  { name: 'Scope-4ch-200M', ams_type: 'scope', description: 'Four channels, 200 MHz, 1 GS/s.' },
];

/**
 * Two cassettes of the demo customer: the line cassette in its first enclosure, with a DMM, a
 * supply, GPIO and CAN in its four slots, and a spare for RF work with a scope and a supply.
 */
export async function seedDemoCassettes(db: Kysely<DB>, customer: number): Promise<number> {
  const ids: Record<string, number> = {};
  for (const type of MODULE_TYPES) ids[type.ams_type] = await insertModuleType(db, type);
  const enclosure = await db
    .selectFrom('enclosures')
    .select('id')
    .where('company_id', '=', customer)
    .orderBy('id')
    .executeTakeFirst();
  const line = await insertCassette(db, {
    serial: 'CAS-ACME-001',
    name: 'MC-200 line cassette',
    company_id: customer,
    enclosure_id: enclosure?.id ?? null,
    module_slots: 4,
    cartridge_bays: 2,
  });
  await replaceModules(db, line, [
    { slot: 1, cassette_module_type_id: ids.dmm },
    { slot: 2, cassette_module_type_id: ids.psu },
    { slot: 3, cassette_module_type_id: ids.gpio },
    { slot: 4, cassette_module_type_id: ids.can },
  ]);
  const spare = await insertCassette(db, {
    serial: 'CAS-ACME-002',
    name: 'Spare RF cassette',
    company_id: customer,
    enclosure_id: null,
    module_slots: 6,
    cartridge_bays: 2,
  });
  await replaceModules(db, spare, [
    { slot: 1, cassette_module_type_id: ids.scope },
    { slot: 2, cassette_module_type_id: ids.psu },
  ]);
  return 2;
}
