import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FileStore } from '../files/file-store';
import { insertCartridgeFirmware } from '../store/cartridge-types';
import { createRandom } from './random';

/**
 * The demo's cartridge types: three pogo-pin cartridges with 40–80 connector pins of
 * believable names, and two firmware releases of the first. Pin types are made by name when
 * missing, so the resources' demo (which makes pin types too) and this one can run in any order.
 */

const PIN_TYPES = ['Power', 'Ground', 'Analog', 'Digital', 'Bus'] as const;
type PinTypeName = (typeof PIN_TYPES)[number];

type PinSpec = [name: string, type: PinTypeName];

const power: PinSpec[] = [['VBUS', 'Power'], ['VCC_3V3', 'Power'], ['VCC_5V', 'Power'], ['VBAT', 'Power']];
const swd: PinSpec[] = [['SWDIO', 'Digital'], ['SWCLK', 'Digital'], ['SWO', 'Digital'], ['NRST', 'Digital']];
const buses: PinSpec[] = [
  ['CAN_H', 'Bus'], ['CAN_L', 'Bus'], ['I2C_SDA', 'Bus'], ['I2C_SCL', 'Bus'],
  ['UART_TX', 'Bus'], ['UART_RX', 'Bus'], ['SPI_MOSI', 'Bus'], ['SPI_MISO', 'Bus'], ['SPI_SCK', 'Bus'], ['SPI_CS', 'Bus'],
];
const usb: PinSpec[] = [['USB_DP', 'Bus'], ['USB_DM', 'Bus']];
const jtag: PinSpec[] = [['TCK', 'Digital'], ['TMS', 'Digital'], ['TDI', 'Digital'], ['TDO', 'Digital'], ['TRST', 'Digital']];

/** The pins of a type: its named pins, then sense and GPIO pins up to `count`, a ground every eighth pin. */
function pinsOf(named: PinSpec[], count: number, analog: number): PinSpec[] {
  const pins: PinSpec[] = [];
  let ain = 0;
  let gpio = 0;
  let rest = [...named];
  for (let n = 1; n <= count; n++) {
    if (n % 8 === 1) pins.push([`GND${n === 1 ? '' : `_${Math.ceil(n / 8)}`}`, 'Ground']);
    else if (rest.length) {
      pins.push(rest[0]);
      rest = rest.slice(1);
    } else if (ain < analog) pins.push([`AIN${ain++}`, 'Analog']);
    else pins.push([`GPIO${gpio++}`, 'Digital']);
  }
  return pins;
}

const TYPES = [
  {
    name: 'PB-40 Programming cartridge',
    description: 'SWD and JTAG programming with supply sense; 40 pogo pins.',
    pins: pinsOf([...power, ...swd, ...jtag, ['VREF', 'Analog'], ['BOOT0', 'Digital']], 40, 8),
    firmware: [
      { version: '1.4.2', description: 'Faster SWD clock (10 MHz).', daysAgo: 63, size: 48 * 1024 },
      { version: '1.5.0', description: 'JTAG chain detection; fixes NRST glitch at power-up.', daysAgo: 9, size: 52 * 1024 },
    ],
  },
  {
    name: 'MX-64 Mixed-signal cartridge',
    description: 'Analog measurement, CAN and I2C for automotive control boards; 64 pogo pins.',
    pins: pinsOf([...power, ...buses, ['VREF', 'Analog'], ['IGN', 'Digital']], 64, 24),
    firmware: [],
  },
  {
    name: 'HD-80 High-density cartridge',
    description: 'USB, SPI and a wide GPIO bank for consumer boards; 80 pogo pins.',
    pins: pinsOf([...power, ...usb, ...swd, ...buses], 80, 16),
    firmware: [],
  },
];

async function pinTypeIds(db: Kysely<DB>): Promise<Record<PinTypeName, number>> {
  const now = new Date().toISOString();
  await db
    .insertInto('pin_types')
    .values(PIN_TYPES.map((name) => ({ name, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const rows = await db.selectFrom('pin_types').select(['id', 'name']).where('name', 'in', [...PIN_TYPES]).execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<PinTypeName, number>;
}

/** Returns how many cartridge types it made (0 when the demo has them already). */
export async function seedDemoCartridgeTypes(db: Kysely<DB>, files: FileStore, uploader: number | null): Promise<number> {
  const pinTypes = await pinTypeIds(db);
  const random = createRandom(1164);
  let made = 0;
  for (const type of TYPES) {
    if (await db.selectFrom('cartridge_types').select('id').where('name', '=', type.name).executeTakeFirst()) continue;
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto('cartridge_types')
      .values({ name: type.name, description: type.description, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('connector_pins')
      .values(type.pins.map(([name, pinType], i) => ({ cartridge_type_id: id, number: i + 1, name, pin_type_id: pinTypes[pinType], created_at: now, updated_at: now })))
      .execute();
    for (const release of type.firmware) {
      const bytes = Buffer.alloc(release.size);
      for (let i = 0; i < bytes.length; i++) bytes[i] = random.int(0, 255);
      const name = `${type.name.split(' ')[0].toLowerCase()}-${release.version}.bin`;
      const file = await files.put(Readable.from([bytes]), { name, type: 'application/octet-stream', limit: bytes.length });
      const at = new Date(Date.now() - release.daysAgo * 86_400_000).toISOString();
      await insertCartridgeFirmware(
        db,
        { cartridge_type_id: id, version: release.version, description: release.description, file_id: file.id, created_by: uploader },
        at,
      );
    }
    made++;
  }
  return made;
}
