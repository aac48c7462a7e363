import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { analysePogoBoard } from '../../contract/pogo-board';
import type { RequestStatus, RequestStep } from '../../contract/requests';
import { parseTestPoints } from '../../contract/test-points';
import type { DB } from '../db/schema';
import type { FileStore, StoredFile } from '../files/file-store';
import { insertPads, requestPads, setPogoErrors } from '../store/request-pads';
import { insertRequest } from '../store/requests';
import { mc300Pads, testPointCsv, topCopperGerber, type BoardPad } from './demo-board';
import { onePagePdf } from './demo-pdf';

/**
 * The demo's project requests: one at each status, for the requests list and its
 * filters, and MC-300 half processed (pads imported from its test-point CSV, pogo board
 * confirmed, some pads grouped) for the processing screen. The documents are stored through
 * the file store like uploads. Runs after the catalogue's demo seeds: the groups use their
 * resource types (made here, minimal, when missing), and SH-10 links to the production demo's
 * project of that name when there is one.
 */

type Doc = { name: string; type: string; bytes: Buffer };
type DemoRequest = {
  projectname: string;
  description: string;
  status: RequestStatus;
  daysAgo: number;
  confirmed_step?: RequestStep;
  rejected_reason?: string;
  /** Whose request: the customer's unless said. */
  company?: 'manufacturer';
  documents: Doc[];
};

const schematic = (code: string, title: string, sheets: string[]): Doc => ({
  name: `${code}_schematic_revC.pdf`,
  type: 'application/pdf',
  bytes: onePagePdf(
    [`${title}: schematic, rev C`, ...sheets.map((sheet, n) => `Sheet ${n + 1}: ${sheet}`), 'Drawn by the customer; test points marked TPn.'],
    // A title block and a border, as a schematic sheet has.
    '0.8 w 28 28 539 786 re S 347 28 220 60 re S',
  ),
});
const csv = (code: string, title: string, pads: readonly BoardPad[]): Doc => ({
  name: `${code}_testpoints.csv`,
  type: 'text/csv',
  bytes: Buffer.from(testPointCsv(title, pads)),
});
const gerber = (code: string, title: string, pads: readonly BoardPad[]): Doc => ({
  name: `${code}-F_Cu.gbr`,
  type: 'application/vnd.gerber',
  bytes: Buffer.from(topCopperGerber(title, pads)),
});

/** A 1×1 PNG: the rejected request's "photo". */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const MC300 = 'MC-300 motor controller';
const SH10 = 'Sensor hub SH-10';

function demoRequests(mc300: readonly BoardPad[]): DemoRequest[] {
  const small = mc300.filter((p) => p.side === 'top').slice(0, 40);
  return [
    {
      projectname: 'BMS-16 battery monitor',
      description: '16-cell Li-ion battery monitor with balancing and isolated CAN. Panel of 4; please probe the cell taps and the isolated side.',
      status: 'submitted',
      daysAgo: 0.1,
      documents: [
        schematic('BMS-16', 'BMS-16 battery monitor', ['Cell taps and balancing', 'AFE and isolation', 'CAN and MCU']),
        gerber('BMS-16', 'BMS-16 battery monitor', small),
      ],
    },
    {
      projectname: 'PX-40 power distribution board',
      description: 'Eight 30 A high-side switches with current sense for a vehicle harness. Voltline builds it; they ask for the fixture.',
      status: 'in_review',
      daysAgo: 3,
      company: 'manufacturer',
      documents: [schematic('PX-40', 'PX-40 power distribution board', ['Input protection', 'Switch channels 1-8', 'Diagnostics'])],
    },
    {
      projectname: MC300,
      description: 'Three-phase BLDC controller, 48 V / 20 A, STM32G4 with CAN-FD. Rev C, 4 layers, test points on both sides.',
      status: 'in_progress',
      daysAgo: 12,
      confirmed_step: 'pogoBoard',
      documents: [
        schematic('MC-300', MC300, ['Power stage and gate drivers', 'Current sense', 'MCU, CAN and SWD']),
        gerber('MC-300', MC300, mc300),
        csv('MC-300', MC300, mc300),
      ],
    },
    {
      projectname: SH10,
      description: 'Environmental sensor hub: I2C sensors, LoRa radio, coin-cell backup.',
      status: 'completed',
      daysAgo: 60,
      confirmed_step: 'mapPadGroups',
      documents: [schematic('SH-10', SH10, ['Sensors', 'Radio', 'Power']), csv('SH-10', SH10, small)],
    },
    {
      projectname: 'TH-2 smart thermostat',
      description: 'Wall thermostat with relay outputs and Wi-Fi.',
      status: 'rejected',
      daysAgo: 20,
      rejected_reason:
        'Only a photo of the assembled board was sent. We need the Gerber files and a test-point report (or the pick-and-place file) to place the probes.',
      documents: [{ name: 'TH-2_board_photo.png', type: 'image/png', bytes: PNG_1X1 }],
    },
  ];
}

/** Pad groups of MC-300 so far: ground, two rails and the I2C bus; the other pads wait for theirs. */
const MC300_GROUPS: { name: string; resourceType: string; nets: string[] }[] = [
  { name: 'GND', resourceType: 'Ground reference', nets: ['GND'] },
  { name: '+3V3 rail', resourceType: 'Power rail', nets: ['+3V3'] },
  { name: 'VBAT', resourceType: 'Power rail', nets: ['VBAT'] },
  { name: 'I2C bus', resourceType: 'Communication bus', nets: ['SDA', 'SCL'] },
];

async function resourceTypeId(db: Kysely<DB>, name: string, now: string): Promise<number> {
  const found = await db.selectFrom('resource_types').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  return (await db.insertInto('resource_types').values({ name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
}

/** The project a completed request made: the production demo's of that name, else a new one. */
async function projectFor(db: Kysely<DB>, companyId: number, name: string, requestId: number, now: string): Promise<number> {
  const found = await db.selectFrom('projects').select('id').where('company_id', '=', companyId).where('name', '=', name).executeTakeFirst();
  if (found) {
    await db.updateTable('projects').set({ request_id: requestId }).where('id', '=', found.id).execute();
    return found.id;
  }
  const made = await db
    .insertInto('projects')
    .values({ company_id: companyId, name, description: 'Made from its project request.', request_id: requestId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return made.id;
}

/** MC-300's pads from its own test-point CSV (as the import reads it), some of them grouped. */
async function processHalfway(db: Kysely<DB>, requestId: number, csvText: string, now: string): Promise<void> {
  const parsed = parseTestPoints(csvText);
  if (parsed.refused || parsed.problem) throw new Error(`The MC-300 test-point CSV does not import: ${parsed.problem ?? `${parsed.refused} rows refused`}`);
  await insertPads(db, requestId, parsed.accepted);
  for (const group of MC300_GROUPS) {
    const { id } = await db
      .insertInto('test_pad_groups')
      .values({ request_id: requestId, name: group.name, resource_type_id: await resourceTypeId(db, group.resourceType, now), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('test_pads').set({ group_id: id }).where('request_id', '=', requestId).where('net', 'in', group.nets).where('kind', '<>', 'tooling').execute();
  }
  const pads = await requestPads(db, requestId);
  const errors = analysePogoBoard(pads).findings.filter((f) => f.severity === 'error').length;
  await setPogoErrors(db, requestId, errors);
}

export async function seedDemoRequests(
  db: Kysely<DB>,
  files: FileStore,
  companies: { customer: number; manufacturer: number },
  superadmin: number | null,
): Promise<number> {
  const mc300 = mc300Pads();
  let made = 0;
  for (const demo of demoRequests(mc300)) {
    const companyId = demo.company === 'manufacturer' ? companies.manufacturer : companies.customer;
    const exists = await db.selectFrom('project_requests').select('id').where('company_id', '=', companyId).where('projectname', '=', demo.projectname).executeTakeFirst();
    if (exists) continue;
    const sent = new Date(Date.now() - demo.daysAgo * 86_400_000).toISOString();
    const stored: StoredFile[] = [];
    for (const doc of demo.documents) stored.push(await files.put(Readable.from([doc.bytes]), { name: doc.name, type: doc.type, limit: doc.bytes.length }));
    await db.transaction().execute(async (trx) => {
      const id = await insertRequest(trx, { company_id: companyId, projectname: demo.projectname, projectdescription: demo.description, created_by: superadmin }, stored.map((f) => f.id), sent);
      const project = demo.status === 'completed' ? await projectFor(trx, companyId, demo.projectname, id, sent) : null;
      await trx
        .updateTable('project_requests')
        .set({
          status: demo.status,
          confirmed_step: demo.confirmed_step ?? null,
          rejected_reason: demo.rejected_reason ?? null,
          project_id: project,
          // Every request but the submitted one has had its review started, by the demo's superadmin.
          ...(demo.status === 'submitted' ? {} : { reviewer_id: superadmin, review_started_at: sent }),
        })
        .where('id', '=', id)
        .execute();
      if (demo.projectname === MC300) await processHalfway(trx, id, demo.documents.find((d) => d.type === 'text/csv')!.bytes.toString(), sent);
    });
    made++;
  }
  return made;
}
