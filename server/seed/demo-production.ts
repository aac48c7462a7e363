import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createBatch } from '../store/batches';
import { createEnclosure, jigSignature, signatureHash } from '../store/enclosures';
import { createManufacturer } from '../store/manufacturers';
import { createProject } from '../store/projects';
import { kyselySink, reserveIds, type DeviceRow, type ReportRow } from './load';
import { contactFailRun, motorControllerSteps, sensorHubSteps, simulateBoard, type BoardOptions, type TestProgram } from './programs';
import { createRandom, type Random } from './random';
import { recompute } from './recompute';

/**
 * Acme's production as a person trying the app should find it: two projects, three batches
 * (one clearly worse), four jigs, and about 5,000 boards tested over the last 30 days with
 * retests after failures, a few jig errors and a handful of scrapped boards. Rows are generated
 * here and the counters and statistics derived by `recompute`, exactly as ingestion would have
 * left them, in well under a second on SQLite.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The jigs' secrets are public knowledge: this is demo data, and README shows how to post with one. */
export const DEMO_JIGS = [
  { serial: 'JB-1001', name: 'MC-200 line jig A', project: 'mc', secret: 'jigboard-demo-secret-JB-1001' },
  { serial: 'JB-1002', name: 'MC-200 line jig B', project: 'mc', secret: 'jigboard-demo-secret-JB-1002' },
  { serial: 'JB-1003', name: 'SH-10 line jig', project: 'sh', secret: 'jigboard-demo-secret-JB-1003' },
  { serial: 'JB-1004', name: 'Rework bench', project: 'both', secret: 'jigboard-demo-secret-JB-1004' },
] as const;

type ProjectKey = 'mc' | 'sh';

/**
 * The steps of MC-200's EOL whose pads the worn cartridge (CR-HD80-0001) touches and that read
 * a contact's resistance first: the small-signal inputs (DEMO_STEP_NETS wires them to its pins).
 */
const WORN_CONTACT_STEPS = ['Hall sensor inputs', 'Encoder counts', 'Phase current offset'] as const;

/**
 * How often a good board fails on the worn cartridge: never while its probes were fresh enough,
 * then more as they wear, over the last three weeks (its false-fail trend over cycles rises).
 */
function wornContactFailChance(now: number, at: number): number {
  const ago = (now - at) / DAY;
  return ago > 21 ? 0 : 0.03 + 0.13 * (1 - Math.max(0, ago) / 21);
}

type DemoBatch = {
  project: ProjectKey;
  name: string;
  manufacturer: string;
  planned: number;
  boards: number;
  /** Days ago the batch's testing started and (inclusive) ended; 0 is today. */
  from: number;
  to: number;
  status: 'open' | 'closed';
  serial: (n: number) => string;
  board: Omit<BoardOptions, 'now'>;
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * A board that failed for a fault of its own fails its retests too until it is repaired (the
 * demo records few repairs, demo-repairs.ts): only now and then does a retest pass, a marginal
 * board re-seated. So false fails stay rare away from the worn cartridge, as on a real line.
 */
const NO_FAULT_FOUND = 0.1;

const DEMO_BATCHES: DemoBatch[] = [
  {
    project: 'mc',
    name: 'MC-200 lot 2407',
    manufacturer: 'Voltline Assembly',
    planned: 2000,
    boards: 2000,
    from: 30,
    to: 13,
    status: 'closed',
    serial: (n) => `MC2-2407-${pad(n, 5)}`,
    board: { firstFail: 0.05, error: 0.006, retest: 0.92, retestPass: NO_FAULT_FOUND },
  },
  {
    project: 'mc',
    name: 'MC-200 lot 2409',
    manufacturer: 'Kestrel PCBA',
    planned: 2400,
    boards: 1500,
    from: 12,
    to: 0,
    status: 'open',
    serial: (n) => `MC2-2409-${pad(n, 5)}`,
    // A solder-paste problem on the input stage: bridged VBUS sense, brown-outs on 3V3.
    board: { firstFail: 0.17, error: 0.008, retest: 0.85, retestPass: NO_FAULT_FOUND, failMix: { 'VBUS current': 2.4, '3V3 rail': 1.4 } },
  },
  {
    project: 'sh',
    name: 'SH-10 pilot run',
    manufacturer: 'Voltline Assembly',
    planned: 1500,
    boards: 1500,
    from: 27,
    to: 1,
    status: 'open',
    serial: (n) => `SH10-2408-${pad(n, 5)}`,
    board: { firstFail: 0.055, error: 0.008, retest: 0.9, retestPass: NO_FAULT_FOUND },
  },
];

export type DemoJig = {
  enclosure_id: number;
  serial: string;
  name: string;
  signature: string;
  project_id: number;
  production_batch_id: number;
};

export type DemoProductionSummary = {
  /** MC-200's first, closed batch: its passed boards are what the demo ships. */
  firstBatchId: number;
  /** The jig the start banner and README use to post a report by hand. */
  jig: DemoJig;
};

export type DemoProductionOptions = {
  /** The moment the data ends (default: now); everything lies in the 30 days before. */
  now?: number;
  seed?: number;
  /** Fraction of the boards to make (tests use a small one). */
  scale?: number;
};

/** Start of the day `daysAgo` days before `now`, UTC. */
const dayStart = (now: number, daysAgo: number) => Math.floor(now / DAY) * DAY - daysAgo * DAY;

/**
 * When each board of a batch is first tested: spread over the batch's days (weekends quieter),
 * within the 06:00–22:00 UTC shifts, never after `now`.
 */
function firstTestTimes(rng: Random, batch: DemoBatch, count: number, now: number): number[] {
  const days: { start: number; end: number; weight: number }[] = [];
  for (let ago = batch.from; ago >= batch.to; ago--) {
    const start = dayStart(now, ago) + 6 * HOUR;
    const end = Math.min(dayStart(now, ago) + 22 * HOUR, now - 10 * 60_000);
    if (end <= start) continue;
    const weekday = new Date(start).getUTCDay();
    const weight = (weekday === 0 || weekday === 6 ? 0.2 : 1) * (0.75 + rng.next() * 0.5) * ((end - start) / (16 * HOUR));
    days.push({ start, end, weight });
  }
  const total = days.reduce((sum, d) => sum + d.weight, 0);
  const times: number[] = [];
  let left = count;
  days.forEach((d, i) => {
    const n = i === days.length - 1 ? left : Math.min(left, Math.round((count * d.weight) / total));
    left -= n;
    for (let k = 0; k < n; k++) times.push(d.start + Math.floor(rng.next() * (d.end - d.start)));
  });
  return times.sort((a, b) => a - b);
}

function programs(now: number): Record<ProjectKey, TestProgram> {
  return {
    mc: {
      profile: 'MC-200 EOL',
      versions: [
        { version: '1.3', from: 0 },
        { version: '1.4', from: dayStart(now, 16) + 9 * HOUR },
      ],
      steps: motorControllerSteps(),
      cycleSeconds: 52,
    },
    sh: {
      profile: 'SH-10 functional',
      versions: [
        { version: '2.0', from: 0 },
        { version: '2.1', from: dayStart(now, 20) + 11 * HOUR },
      ],
      steps: sensorHubSteps(),
      cycleSeconds: 38,
    },
  };
}

export async function seedDemoProduction(
  db: Kysely<DB>,
  companies: { customer: number; manufacturer: number },
  options: DemoProductionOptions = {},
): Promise<DemoProductionSummary> {
  const now = options.now ?? Date.now();
  const rng = createRandom(options.seed ?? 20240917);
  const scale = options.scale ?? 1;
  const iso = (ms: number) => new Date(ms).toISOString();

  const projectIds: Record<ProjectKey, number> = {
    mc: await createProject(db, {
      company_id: companies.customer,
      name: 'Motor controller MC-200',
      description: 'Three-phase BLDC controller, 48 V / 20 A, CAN bus. End-of-line test after conformal coating.',
    }),
    sh: await createProject(db, {
      company_id: companies.customer,
      name: 'Sensor hub SH-10',
      description: 'IMU, barometer and RTC on CAN, low-power sleep. Functional test before enclosure assembly.',
    }),
  };
  await db.updateTable('projects').set({ created_at: iso(dayStart(now, 45)), updated_at: iso(dayStart(now, 45)) })
    .where('id', 'in', Object.values(projectIds)).execute();

  const manufacturerIds = new Map<string, number>();
  for (const batch of DEMO_BATCHES) {
    const key = `${batch.project}:${batch.manufacturer}`;
    if (manufacturerIds.has(key)) continue;
    const slug = batch.manufacturer.toLowerCase().replace(/[^a-z]+/g, '-');
    const id = await createManufacturer(db, {
      project_id: projectIds[batch.project],
      name: batch.manufacturer,
      contact_email: `production@${slug}.example.com`,
    });
    // Voltline has its own account on the platform (a demo company): link it.
    if (batch.manufacturer === 'Voltline Assembly') {
      await db.updateTable('manufacturers').set({ company_id: companies.manufacturer }).where('id', '=', id).execute();
    }
    manufacturerIds.set(key, id);
  }

  const batchIds: number[] = [];
  for (const batch of DEMO_BATCHES) {
    const id = await createBatch(db, {
      project_id: projectIds[batch.project],
      manufacturer_id: manufacturerIds.get(`${batch.project}:${batch.manufacturer}`)!,
      name: batch.name,
      planned_quantity: batch.planned,
    });
    const created = iso(dayStart(now, batch.from + 2) + 10 * HOUR);
    await db.updateTable('production_batches').set({ status: batch.status, created_at: created, updated_at: created })
      .where('id', '=', id).execute();
    batchIds.push(id);
  }

  const jigs: { id: number; project: string; serial: string; name: string; signature: string }[] = [];
  for (const jig of DEMO_JIGS) {
    const id = await createEnclosure(db, {
      serial: jig.serial,
      name: jig.name,
      company_id: companies.customer,
      secret: jig.secret,
      provisioning: 'provisioned',
      firmware_version: '2.3.1',
    });
    jigs.push({ id, project: jig.project, serial: jig.serial, name: jig.name, signature: jigSignature(jig.serial, jig.secret) });
  }
  const lineJigs = (project: ProjectKey) => jigs.filter((j) => j.project === project);
  const reworkBench = jigs.find((j) => j.project === 'both')!;
  // The line cassette, with the worn HD-80 in bay 1, sits in the company's first jig (demo-cassettes.ts).
  const wornJig = jigs[0];

  // Every run of every board, then stored in the order the runs finished (= arrival order).
  type Run = { device: number; batch: number; report: ReturnType<typeof simulateBoard>[number]; jig: number };
  const boards: { batch: number; serial: string; scrapped: boolean }[] = [];
  const runs: Run[] = [];
  const progs = programs(now);
  let failedAgain = 0;
  DEMO_BATCHES.forEach((batch, b) => {
    const count = Math.max(1, Math.round(batch.boards * scale));
    const times = firstTestTimes(rng, batch, count, now);
    times.forEach((at, n) => {
      const device = boards.length;
      const reports = simulateBoard(rng, progs[batch.project], at, { ...batch.board, now });
      const line = rng.pick(lineJigs(batch.project));
      reports.forEach((report, attempt) => {
        // Retests after a fail mostly happen on the rework bench, after an error on the same jig.
        const onBench = attempt > 0 && reports[attempt - 1].result === 'fail' && rng.chance(0.7);
        const jig = onBench ? reworkBench.id : line.id;
        // The worn cartridge in jig A's cassette: now and then a good board fails a step whose pads
        // it touches, and passes when the operator re-seats it minutes later (a false fail).
        if (jig === wornJig.id && report.result === 'pass' && rng.chance(wornContactFailChance(now, report.startedAt))) {
          const startedAt = report.startedAt - rng.int(3 * 60_000, 9 * 60_000);
          runs.push({ device, batch: b, report: contactFailRun(rng, progs[batch.project], startedAt, WORN_CONTACT_STEPS), jig });
        }
        runs.push({ device, batch: b, report, jig });
      });
      const last = reports[reports.length - 1];
      // Every other board still failing after rework has been written off by an engineer.
      const scrapped = reports.length >= 2 && last.result === 'fail' && failedAgain++ % 2 === 0;
      boards.push({ batch: b, serial: batch.serial(n + 1), scrapped });
    });
  });
  runs.sort((a, b) => a.report.finishedAt - b.report.finishedAt || a.device - b.device);

  // Devices are created by their first stored report, so their ids follow first arrivals.
  const firstDeviceId = await reserveIds(db, 'devices', boards.length);
  const firstReportId = await reserveIds(db, 'device_reports', runs.length);
  const deviceIds = new Map<number, number>();
  const devices: DeviceRow[] = [];
  const lastSeen = new Map<number, number>();
  for (const run of runs) lastSeen.set(run.device, run.report.finishedAt);
  for (const run of runs) {
    if (deviceIds.has(run.device)) continue;
    const board = boards[run.device];
    const id = firstDeviceId + devices.length;
    deviceIds.set(run.device, id);
    devices.push({
      id,
      project_id: projectIds[DEMO_BATCHES[board.batch].project],
      production_batch_id: batchIds[board.batch],
      serial: board.serial,
      status: board.scrapped ? 'scrapped' : 'untested',
      created_at: iso(run.report.finishedAt),
      updated_at: iso(lastSeen.get(run.device)!),
    });
  }
  const reports: ReportRow[] = runs.map((run, i) => {
    const project = DEMO_BATCHES[run.batch].project;
    return {
      id: firstReportId + i,
      uuid: rng.uuid(),
      device_id: deviceIds.get(run.device)!,
      project_id: projectIds[project],
      company_id: companies.customer,
      production_batch_id: batchIds[run.batch],
      enclosure_id: run.jig,
      test_profile: run.report.profile,
      test_profile_version: run.report.version,
      result: run.report.result,
      started_at: iso(run.report.startedAt),
      finished_at: iso(run.report.finishedAt),
      step_count: run.report.stepCount,
      failed_step_count: run.report.failedStepCount,
      steps: run.report.steps,
      created_at: iso(run.report.finishedAt),
    };
  });

  await db.transaction().execute(async (trx) => {
    const sink = kyselySink(trx);
    await sink.devices(devices);
    await sink.reports(reports);
    await recompute(trx, { projectIds: Object.values(projectIds), enclosureIds: jigs.map((j) => j.id) });
  });

  const jig = jigs[0];
  return {
    firstBatchId: batchIds[0],
    // The worse batch: where a hand-posted board shows up among the recent ones.
    jig: { enclosure_id: jig.id, serial: jig.serial, name: jig.name, signature: jig.signature, project_id: projectIds.mc, production_batch_id: batchIds[1] },
  };
}

/**
 * The demo jig, when it is still there with its demo secret (a later start after the demo was
 * seeded): its signature can be recomputed, since the demo secret is public.
 */
export async function findDemoJig(db: Kysely<DB>): Promise<DemoJig | undefined> {
  const demo = DEMO_JIGS[0];
  const signature = jigSignature(demo.serial, demo.secret);
  const enclosure = await db
    .selectFrom('enclosures')
    .where('serial', '=', demo.serial)
    .where('signature_hash', '=', signatureHash(signature))
    .where('provisioning', '=', 'provisioned')
    .select(['id', 'name', 'company_id'])
    .executeTakeFirst();
  if (!enclosure || enclosure.company_id === null) return undefined;
  const target = await db
    .selectFrom('production_batches')
    .innerJoin('projects', 'projects.id', 'production_batches.project_id')
    .where('projects.company_id', '=', enclosure.company_id)
    .where('production_batches.name', '=', DEMO_BATCHES[1].name)
    .select(['production_batches.id as batch_id', 'projects.id as project_id'])
    .executeTakeFirst();
  if (!target) return undefined;
  return {
    enclosure_id: enclosure.id,
    serial: demo.serial,
    name: enclosure.name,
    signature,
    project_id: target.project_id,
    production_batch_id: target.batch_id,
  };
}
