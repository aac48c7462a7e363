import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { addDays, todayUtc, type MeasuredValue } from '../../contract/cartridges';
import type { DB } from '../db/schema';
import type { FileStore } from '../files/file-store';
import { onePagePdf } from './demo-pdf';
import { insertCalibration, insertCartridge, newestDueAt, updateCartridgeRow } from '../store/cartridges';

/**
 * The demo's cartridges with their calibrations, relative to today: most ok, some due within 30
 * days, one overdue. Cartridge types and cassettes are other slices' demo rows
 * (demo-cartridge-types.ts, which runs first; the cassettes'): found by name or serial, and made here, minimal,
 * only when missing, so this seed also works alone.
 */
const TYPES = ['PB-40 Programming cartridge', 'MX-64 Mixed-signal cartridge', 'HD-80 High-density cartridge'] as const;

/**
 * [serial, type, due in days from today (negative: past), certificate?]. Every other one sits in
 * the next free bay, in this order: the first (an HD-80) in the line cassette's bay 1, where the
 * demo projects' configurations want one (demo-hardware.ts).
 */
const CARTRIDGES: [string, (typeof TYPES)[number], number, boolean][] = [
  ['CR-HD80-0001', 'HD-80 High-density cartridge', 27, false],
  ['CR-PB40-0002', 'PB-40 Programming cartridge', 18, true],
  ['CR-PB40-0003', 'PB-40 Programming cartridge', 95, false],
  ['CR-MX64-0001', 'MX-64 Mixed-signal cartridge', 6, true],
  ['CR-MX64-0002', 'MX-64 Mixed-signal cartridge', -12, false],
  ['CR-MX64-0003', 'MX-64 Mixed-signal cartridge', 160, true],
  ['CR-PB40-0001', 'PB-40 Programming cartridge', 212, true],
  ['CR-HD80-0002', 'HD-80 High-density cartridge', 300, true],
];

const VALUES: Record<(typeof TYPES)[number], MeasuredValue[]> = {
  'PB-40 Programming cartridge': [
    { name: 'Contact resistance (max)', value: 0.018, unit: 'Ω' },
    { name: 'Probe force (mean)', value: 1.42, unit: 'N' },
  ],
  'MX-64 Mixed-signal cartridge': [
    { name: 'Analog channel gain error', value: 0.04, unit: '%' },
    { name: 'Current sense offset', value: 0.4, unit: 'mA' },
  ],
  'HD-80 High-density cartridge': [
    { name: 'Contact resistance (max)', value: 0.022, unit: 'Ω' },
    { name: 'CAN bus termination', value: 120.2, unit: 'Ω' },
  ],
};

async function typeId(db: Kysely<DB>, name: string, now: string): Promise<number> {
  const found = await db.selectFrom('cartridge_types').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  const made = await db.insertInto('cartridge_types').values({ name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return made.id;
}

/** Two cassettes with free bays: the cassettes' demo rows when there are any, else one made here. */
async function cassetteBays(db: Kysely<DB>, now: string): Promise<{ id: number; bay: number }[]> {
  let cassettes = await db.selectFrom('cassettes').select(['id', 'cartridge_bays']).orderBy('id').limit(3).execute();
  if (!cassettes.length) {
    await db.insertInto('cassettes').values({ serial: 'CS-DEMO-1', name: 'Demo cassette', cartridge_bays: 2, created_at: now, updated_at: now }).execute();
    cassettes = await db.selectFrom('cassettes').select(['id', 'cartridge_bays']).orderBy('id').limit(3).execute();
  }
  const free: { id: number; bay: number }[] = [];
  for (const cassette of cassettes) {
    const taken = new Set(
      (await db.selectFrom('cartridges').select('bay').where('cassette_id', '=', cassette.id).execute()).map((r) => r.bay),
    );
    for (let bay = 1; bay <= cassette.cartridge_bays; bay++) if (!taken.has(bay)) free.push({ id: cassette.id, bay });
  }
  return free;
}

/** A one-page certificate, so the download opens as a PDF. */
const certificatePdf = (serial: string, day: string): Buffer => onePagePdf([`Calibration certificate ${serial} ${day}`]);

export async function seedDemoCartridges(db: Kysely<DB>, files: FileStore, recorder: number | null): Promise<number> {
  const now = new Date().toISOString();
  const today = todayUtc();
  const types = new Map<string, number>();
  for (const name of TYPES) types.set(name, await typeId(db, name, now));
  const bays = await cassetteBays(db, now);

  let made = 0;
  for (const [n, [serial, type, dueIn, withCertificate]] of CARTRIDGES.entries()) {
    if (await db.selectFrom('cartridges').select('id').where('serial', '=', serial).executeTakeFirst()) continue;
    const place = n % 2 === 0 ? bays.shift() : undefined; // every other one sits in a cassette
    const id = await insertCartridge(db, { serial, cartridge_type_id: types.get(type)!, cassette_id: place?.id ?? null, bay: place?.bay ?? null });
    const due = addDays(today, dueIn);
    // The calibration before (a year earlier), then the current one.
    for (const [back, last] of [[730, false], [365, true]] as const) {
      const calibrated = addDays(due, -back);
      let certificate: string | null = null;
      if (last && withCertificate) {
        const bytes = certificatePdf(serial, calibrated);
        certificate = (await files.put(Readable.from([bytes]), { name: `${serial}-${calibrated}.pdf`, type: 'application/pdf', limit: bytes.length })).id;
      }
      await insertCalibration(
        db,
        {
          cartridge_id: id,
          calibrated_at: calibrated,
          due_at: addDays(calibrated, 365),
          result: 'pass',
          values: VALUES[type],
          notes: last ? 'Annual calibration, lab 2.' : '',
          certificate_file_id: certificate,
          created_by: recorder,
        },
        `${calibrated}T09:00:00.000Z`,
      );
    }
    await updateCartridgeRow(db, id, { calibration_due_at: await newestDueAt(db, id) });
    made++;
  }
  return made;
}
