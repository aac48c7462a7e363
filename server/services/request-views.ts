import type { Kysely } from 'kysely';
import { analysePogoBoard, type PadSide, type ProbeSize } from '../../contract/pogo-board';
import type { RequestCapacity, WiringRow } from '../../contract/requests';
import type { DB } from '../db/schema';
import { notFound } from '../http/errors';
import { REQUEST_NOT_FOUND } from '../store/request-lock';
import { requestCompany } from '../store/requests';
import { mappedGroups, neededResourceTypes, requestPads, servingPins, wiringLines } from '../store/request-views';
import { csvField } from './production/device-export';

/**
 * Two read-only views of a request: its capacity (per resource type the groups need,
 * the connector pins of the selected cartridges that serve it and who uses each) and its wiring
 * list (pad → probe → group → cartridge pin → module), as JSON or a CSV download.
 */

const assertRequest = async (db: Kysely<DB>, requestId: number) => {
  if ((await requestCompany(db, requestId)) === undefined) throw notFound(REQUEST_NOT_FOUND);
};

export async function requestCapacity(db: Kysely<DB>, requestId: number): Promise<RequestCapacity> {
  await assertRequest(db, requestId);
  const needed = await neededResourceTypes(db, requestId);
  const pins = await servingPins(db, requestId, needed.map((r) => r.id));
  const users = new Map((await mappedGroups(db, requestId)).map((g) => [`${g.selected_cartridge_id}:${g.connector_pin_id}`, { id: g.id, name: g.name }]));
  return {
    resource_types: needed.map((type) => ({
      resource_type: { id: type.id, name: type.name },
      groups_needing: Number(type.groups),
      pins: pins
        .filter((p) => p.resource_type_id === type.id)
        .map((p) => ({
          selected_cartridge: { id: p.sc_id, bay: p.bay, cartridge_type: { id: p.ct_id, name: p.ct_name } },
          connector_pin: { id: p.cp_id, number: p.number, name: p.cp_name, pin_type: p.pt_id === null ? null : { id: p.pt_id, name: p.pt_name! } },
          used_by_group: users.get(`${p.sc_id}:${p.cp_id}`) ?? null,
        })),
    })),
  };
}

export async function requestWiring(db: Kysely<DB>, requestId: number): Promise<WiringRow[]> {
  await assertRequest(db, requestId);
  const probes = new Map(analysePogoBoard(await requestPads(db, requestId)).probes.map((p) => [p.pad_id, p.probe]));
  return (await wiringLines(db, requestId)).map((line) => ({
    pad: line.pad,
    net: line.net,
    side: line.side as PadSide,
    x: line.x,
    y: line.y,
    probe: (probes.get(line.id) ?? null) as ProbeSize | null,
    group: line.group,
    resource_type: line.resource_type,
    cartridge_bay: line.cartridge_bay,
    cartridge_type: line.cartridge_type,
    connector_pin: line.pin_number === null ? null : `${line.pin_number} ${line.pin_name}`,
    module_slot: line.module_slot,
    module: line.module,
  }));
}

const WIRING_COLUMNS: (keyof WiringRow)[] = [
  'pad',
  'net',
  'side',
  'x',
  'y',
  'probe',
  'group',
  'resource_type',
  'cartridge_bay',
  'cartridge_type',
  'connector_pin',
  'module_slot',
  'module',
];

/** Numbers as they are (a negative coordinate is no formula); text through csvField. */
const cell = (value: string | number | null) => (typeof value === 'number' ? String(value) : csvField(value));

/** The wiring list as a CSV file (a request holds at most 20,000 pads: built in memory). */
export async function requestWiringCsv(db: Kysely<DB>, requestId: number): Promise<{ fileName: string; chunks: AsyncIterable<string> }> {
  const rows = await requestWiring(db, requestId);
  async function* chunks() {
    yield `${WIRING_COLUMNS.join(',')}\r\n`;
    yield rows.map((row) => WIRING_COLUMNS.map((c) => cell(row[c])).join(',') + '\r\n').join('');
  }
  return { fileName: `request-${requestId}-wiring.csv`, chunks: chunks() };
}
