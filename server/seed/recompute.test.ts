// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { JigReportInput } from '../../contract/jig';
import { toCount } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { DB } from '../db/schema';
import { applyDeviceChanges } from '../services/production/counters';
import { ingestReport } from '../services/production/ingest';
import { createBatch } from '../store/batches';
import { createCompany } from '../store/companies';
import { createEnclosure } from '../store/enclosures';
import { createManufacturer } from '../store/manufacturers';
import { createProject } from '../store/projects';
import { countDemoData } from './demo-counts';
import { seedDemoProduction } from './demo-production';
import { kyselySink, reserveIds, type DeviceRow, type ReportRow } from './load';
import { motorControllerSteps, simulateBoard, type SimulatedReport, type TestProgram } from './programs';
import { createRandom } from './random';
import { recompute } from './recompute';

/**
 * recompute must leave exactly what ingestion leaves. The same reports go through the real
 * `ingestReport` into one database and through the bulk loader plus `recompute` into another;
 * every counter and aggregate must match, and match direct counts over the rows.
 */

type TestDb = { db: Kysely<DB>; dispose: () => Promise<void> };

const PG_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  if (process.env.TEST_DB === 'sqlite') return false;
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const withPostgres = await postgresAnswers();

const disposers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const dispose of disposers) await dispose();
});

async function openTestDb(kind: 'sqlite' | 'postgres'): Promise<Kysely<DB>> {
  let opened: TestDb;
  if (kind === 'postgres') {
    const schema = `seed_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const db = openDatabase({ kind: 'postgres', url: PG_URL, schema, poolSize: 2 });
    opened = {
      db,
      dispose: async () => {
        await db.destroy();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      },
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'jigboard-seed-'));
    const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'jigboard.sqlite') });
    opened = {
      db,
      dispose: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  disposers.push(opened.dispose);
  await migrateToLatest(opened.db);
  return opened.db;
}

type World = { company: number; projects: number[]; batches: number[][]; jigs: number[] };

/** The same companies, projects, batches and jigs (same ids) in a fresh database. */
async function buildWorld(db: Kysely<DB>): Promise<World> {
  const company = await createCompany(db, { name: 'Recompute Test Co', type: 'customer' });
  const projects: number[] = [];
  const batches: number[][] = [];
  for (const name of ['Alpha board', 'Beta board']) {
    const project = await createProject(db, { company_id: company, name, description: '' });
    const manufacturer = await createManufacturer(db, { project_id: project, name: 'Builder' });
    projects.push(project);
    batches.push([
      await createBatch(db, { project_id: project, manufacturer_id: manufacturer, name: 'Lot 1', planned_quantity: 100 }),
      await createBatch(db, { project_id: project, manufacturer_id: manufacturer, name: 'Lot 2', planned_quantity: 100 }),
    ]);
  }
  const jigs = [
    await createEnclosure(db, { serial: 'T-1', name: 'Jig 1', company_id: company, secret: 's1' }),
    await createEnclosure(db, { serial: 'T-2', name: 'Jig 2', company_id: company, secret: 's2' }),
  ];
  return { company, projects, batches, jigs };
}

type Post = { serial: string; project: number; batch: number; jig: number; uuid: string; report: SimulatedReport };

/**
 * Reports in arrival order, with what ingestion has to get right: retests, errors (also a board
 * with only errors), a step failing twice in one report, and jig clocks that disagree (a later
 * arrival with an earlier finished_at).
 */
function makePosts(world: World, boards: number): Post[] {
  const rng = createRandom(7);
  const now = Date.parse('2025-03-31T18:00:00.000Z');
  const program: TestProgram = { profile: 'T', versions: [{ version: '1', from: 0 }], steps: motorControllerSteps(), cycleSeconds: 40 };
  const posts: Post[] = [];
  for (let i = 0; i < boards; i++) {
    const p = i % 2;
    const b = (i >> 1) % 2;
    const firstAt = now - 20 * 86_400_000 + i * 1_700_000;
    const reports = simulateBoard(rng, program, firstAt, { firstFail: 0.2, error: 0.05, retest: 0.9, retestPass: 0.7, reruns: 0.1, now });
    for (const report of reports) {
      posts.push({ serial: `SN-${p}-${String(i).padStart(5, '0')}`, project: world.projects[p], batch: world.batches[p][b], jig: world.jigs[i % 2], uuid: rng.uuid(), report });
    }
  }
  posts.sort((x, y) => x.report.finishedAt - y.report.finishedAt);
  const at = (ms: number) => ms;
  // A board that only ever errored, and a failing step repeated within one report.
  const errorOnly = { serial: 'SN-ERR-1', project: world.projects[0], batch: world.batches[0][1], jig: world.jigs[0] };
  const base = posts[posts.length - 1].report.finishedAt;
  const errRun = (k: number): SimulatedReport => ({
    result: 'error', startedAt: at(base + k * 60_000), finishedAt: at(base + k * 60_000 + 20_000), profile: 'T', version: '1',
    steps: '[{"name":"Flash firmware","value":null,"unit":null,"low":null,"high":null,"pass":true}]', stepCount: 1, failedStepCount: 0,
  });
  posts.push({ ...errorOnly, uuid: rng.uuid(), report: errRun(1) }, { ...errorOnly, uuid: rng.uuid(), report: errRun(2) });
  const twice = '[{"name":"CAN loopback","value":0,"unit":"frames","low":100,"high":100,"pass":false},' +
    '{"name":"CAN loopback","value":3,"unit":"frames","low":100,"high":100,"pass":false}]';
  posts.push({
    serial: 'SN-TWICE', project: world.projects[1], batch: world.batches[1][0], jig: world.jigs[1], uuid: rng.uuid(),
    report: { result: 'fail', startedAt: base, finishedAt: base + 30_000, profile: 'T', version: '1', steps: twice, stepCount: 2, failedStepCount: 2 },
  });
  // Clock drift: this retest arrives last but says it finished a day earlier (and on another day).
  const drifted = posts.find((p) => p.report.result === 'fail' && p.serial.startsWith('SN-0'))!;
  posts.push({
    ...drifted, uuid: rng.uuid(),
    report: { ...drifted.report, result: 'pass', startedAt: drifted.report.startedAt - 86_400_000, finishedAt: drifted.report.finishedAt - 86_400_000, steps: '[]', stepCount: 0, failedStepCount: 0 },
  });
  return posts;
}

const iso = (ms: number) => new Date(ms).toISOString();

async function ingestAll(db: Kysely<DB>, world: World, posts: Post[]) {
  for (const post of posts) {
    const input: JigReportInput = {
      uuid: post.uuid,
      serial: post.serial,
      project_id: post.project,
      production_batch_id: post.batch,
      test_profile: post.report.profile,
      test_profile_version: post.report.version,
      result: post.report.result,
      started_at: iso(post.report.startedAt),
      finished_at: iso(post.report.finishedAt),
      steps: JSON.parse(post.report.steps),
    };
    await ingestReport(db, { id: post.jig, company_id: world.company }, input);
  }
}

async function loadAll(db: Kysely<DB>, world: World, posts: Post[]) {
  const devices = new Map<string, DeviceRow>();
  const firstDevice = await reserveIds(db, 'devices', posts.length);
  const firstReport = await reserveIds(db, 'device_reports', posts.length);
  const reports: ReportRow[] = posts.map((post, i) => {
    let device = devices.get(`${post.project}:${post.serial}`);
    if (!device) {
      device = {
        id: firstDevice + devices.size, project_id: post.project, production_batch_id: post.batch, serial: post.serial,
        status: 'untested', created_at: iso(post.report.finishedAt), updated_at: iso(post.report.finishedAt),
      };
      devices.set(`${post.project}:${post.serial}`, device);
    }
    return {
      id: firstReport + i, uuid: post.uuid, device_id: device.id, project_id: post.project, company_id: world.company,
      production_batch_id: device.production_batch_id, enclosure_id: post.jig, test_profile: post.report.profile,
      test_profile_version: post.report.version, result: post.report.result, started_at: iso(post.report.startedAt),
      finished_at: iso(post.report.finishedAt), step_count: post.report.stepCount, failed_step_count: post.report.failedStepCount,
      steps: post.report.steps, created_at: iso(post.report.finishedAt),
    };
  });
  const sink = kyselySink(db, 50); // small chunks: the chunking itself is under test too
  await sink.devices([...devices.values()]);
  await sink.reports(reports);
}

/** Scraps a device as a superadmin correction would: the row and its batch's counters. */
async function scrap(db: Kysely<DB>, world: World, serial: string, viaCounters: boolean) {
  const device = await db.selectFrom('devices').where('serial', '=', serial)
    .select(['id', 'project_id', 'production_batch_id', 'status', 'report_count', 'first_pass', 'pass_attempt']).executeTakeFirstOrThrow();
  await db.updateTable('devices').set({ status: 'scrapped' }).where('id', '=', device.id).execute();
  if (viaCounters) await applyDeviceChanges(db, world.company, [{ before: device, after: { ...device, status: 'scrapped' }, device_id: device.id }]);
}

/** Everything ingestion maintains, in a comparable form (no created/updated times: "now" there). */
async function snapshot(db: Kysely<DB>) {
  const num = (rows: Record<string, unknown>[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v])));
  return {
    devices: num(await db.selectFrom('devices').select(['serial', 'project_id', 'production_batch_id', 'status', 'first_pass', 'pass_attempt', 'last_result', 'report_count', 'tested_at']).orderBy('serial').execute()),
    batches: num(await db.selectFrom('production_batches').selectAll().orderBy('id').execute()).map(({ created_at: _c, updated_at: _u, ...rest }) => rest),
    projects: num(await db.selectFrom('projects').select(['id', 'device_count']).orderBy('id').execute()),
    reports: num(await db.selectFrom('device_reports').select(['id', 'uuid', 'production_batch_id', 'result', 'finished_at', 'step_count', 'failed_step_count', 'steps']).orderBy('id').execute()),
    daily: num(await db.selectFrom('report_daily_stats').selectAll().orderBy('project_id').orderBy('production_batch_id').orderBy('day').execute()),
    steps: num(await db.selectFrom('step_failure_daily').selectAll().orderBy('project_id').orderBy('day').orderBy('step_name').execute()),
    jigs: num(await db.selectFrom('enclosure_daily_stats').selectAll().orderBy('enclosure_id').orderBy('day').execute()),
    slices: num(await db.selectFrom('report_daily_slices').selectAll().orderBy('project_id').orderBy('production_batch_id')
      .orderBy('day').orderBy('enclosure_id').orderBy('test_profile').orderBy('test_profile_version').execute()),
    stepSlices: num(await db.selectFrom('step_failure_daily_slices').selectAll().orderBy('project_id').orderBy('production_batch_id')
      .orderBy('day').orderBy('enclosure_id').orderBy('test_profile').orderBy('test_profile_version').orderBy('step_name').execute()),
    // Ingestion merges each run into its row (Chan's formula), recompute takes two passes: equal to 9 digits.
    measures: num(await db.selectFrom('step_measure_daily').selectAll().orderBy('project_id').orderBy('test_profile').orderBy('test_profile_version')
      .orderBy('step_name').orderBy('day').orderBy('production_batch_id').orderBy('enclosure_id').execute())
      .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(9)) : v]))),
    failingBoards: num(await db.selectFrom('device_step_failures').innerJoin('devices', 'devices.id', 'device_step_failures.device_id')
      .select(['device_step_failures.project_id', 'step_name', 'devices.serial']).orderBy('device_step_failures.project_id')
      .orderBy('step_name').orderBy('devices.serial').execute()),
  };
}

/** The counters and aggregates checked against plain counts over devices and reports. */
async function expectDirectCounts(db: Kysely<DB>) {
  const n = async (query: ReturnType<typeof sql<{ n: number | string }>>) => toCount((await query.execute(db)).rows[0]?.n);
  for (const b of await db.selectFrom('production_batches').selectAll().execute()) {
    const count = (where: ReturnType<typeof sql>) => n(sql`select count(*) as n from devices where production_batch_id = ${b.id} and ${where}`);
    expect(b.device_count).toBe(await count(sql`1 = 1`));
    for (const status of ['untested', 'passed', 'failed', 'released', 'scrapped'] as const) {
      expect(b[`${status}_count`], `${b.name} ${status}`).toBe(await count(sql`status = ${status}`));
    }
    expect(b.tested_count).toBe(await n(sql`select count(distinct device_id) as n from device_reports where production_batch_id = ${b.id}`));
    expect(b.report_count).toBe(await n(sql`select count(*) as n from device_reports where production_batch_id = ${b.id}`));
    // First pass: the device's lowest-id report passed.
    expect(b.first_pass_count).toBe(await n(sql`
      select count(*) as n from device_reports r where r.production_batch_id = ${b.id} and r.result = 'pass'
        and r.id = (select min(id) from device_reports f where f.device_id = r.device_id)`));
    // Second pass: a pass among the board's first two stored reports; last pass: tested, standing passed or released.
    expect(b.second_pass_count).toBe(await n(sql`
      select count(distinct r.device_id) as n from device_reports r where r.production_batch_id = ${b.id} and r.result = 'pass'
        and (select count(*) from device_reports e where e.device_id = r.device_id and e.id <= r.id) <= 2`));
    expect(b.last_pass_count).toBe(await count(sql`report_count > 0 and status in ('passed', 'released')`));
  }
  for (const p of await db.selectFrom('projects').select(['id', 'device_count']).execute()) {
    expect(p.device_count).toBe(await n(sql`select count(*) as n from devices where project_id = ${p.id}`));
  }
  const totals = await db.selectFrom('report_daily_stats')
    .select((eb) => [eb.fn.sum<number>('reports').as('reports'), eb.fn.sum<number>('first_tests').as('first_tests')]).executeTakeFirstOrThrow();
  expect(toCount(totals.reports)).toBe(await n(sql`select count(*) as n from device_reports`));
  expect(toCount(totals.first_tests)).toBe(await n(sql`select count(distinct device_id) as n from device_reports`));
  // The slices by jig and profile sum to the batch-day and step-day rows they split.
  const key = (r: Record<string, unknown>, cols: string[]) => cols.map((c) => String(r[c])).join('|');
  const sumBy = (rows: Record<string, unknown>[], cols: string[], values: string[]) => {
    const sums = new Map<string, number[]>();
    for (const r of rows) {
      const k = key(r, cols);
      const s = sums.get(k) ?? values.map(() => 0);
      values.forEach((v, i) => (s[i] += Number(r[v])));
      sums.set(k, s);
    }
    return [...sums].filter(([, s]) => s.some((n) => n !== 0)).sort(([a], [b]) => (a < b ? -1 : 1));
  };
  const counts = ['reports', 'passed', 'failed', 'errors', 'first_tests', 'first_passes', 'second_passes', 'last_passes'];
  const batchDay = ['project_id', 'production_batch_id', 'day'];
  expect(sumBy(await db.selectFrom('report_daily_slices').selectAll().execute(), batchDay, counts))
    .toEqual(sumBy(await db.selectFrom('report_daily_stats').selectAll().execute(), batchDay, counts));
  const stepDay = ['project_id', 'day', 'step_name'];
  expect(sumBy(await db.selectFrom('step_failure_daily_slices').selectAll().execute(), stepDay, ['failures']))
    .toEqual(sumBy(await db.selectFrom('step_failure_daily').selectAll().execute(), stepDay, ['failures']));
  const jigTotal = await db.selectFrom('enclosure_daily_stats').select((eb) => eb.fn.sum<number>('reports').as('n')).executeTakeFirstOrThrow();
  expect(toCount(jigTotal.n)).toBe(await n(sql`select count(*) as n from device_reports where enclosure_id is not null`));
}

const kinds = [{ kind: 'sqlite' as const }, ...(withPostgres ? [{ kind: 'postgres' as const }] : [])];

/** Real databases, hundreds of ingestions: seconds, more on a busy machine. */
const SLOW = 60_000;

describe.each(kinds)('recompute on $kind', ({ kind }) => {
  it('leaves exactly what ingesting the same reports one by one leaves', async () => {
    const ingested = await openTestDb(kind);
    const loaded = await openTestDb(kind);
    const world = await buildWorld(ingested);
    expect(await buildWorld(loaded)).toEqual(world);
    const posts = makePosts(world, 160);
    expect(posts.filter((p) => p.report.result === 'error').length).toBeGreaterThan(2);
    expect(posts.filter((p) => p.report.result === 'fail').length).toBeGreaterThan(10);

    await ingestAll(ingested, world, posts);
    await scrap(ingested, world, 'SN-1-00001', true);
    await loadAll(loaded, world, posts);
    await scrap(loaded, world, 'SN-1-00001', false);
    await recompute(loaded);

    const expected = await snapshot(ingested);
    expect(expected.measures.some((r) => Number(r.n) > 1 && Number(r.m2) > 0)).toBe(true);
    expect(await snapshot(loaded)).toEqual(expected);
    expect(expected.devices.find((d) => d.serial === 'SN-ERR-1')).toMatchObject({ status: 'untested', first_pass: 0, last_result: 'error', report_count: 2 });
    expect(expected.steps.filter((s) => s.step_name === 'CAN loopback').reduce((sum, s) => sum + Number(s.failures), 0)).toBeGreaterThan(0);
    await expectDirectCounts(loaded);

    // Idempotent, and a scoped run leaves other projects alone.
    await recompute(loaded, { projectIds: [world.projects[0]] });
    expect(await snapshot(loaded)).toEqual(expected);
  }, SLOW);

  it('resets devices whose reports are gone and keeps released and scrapped boards', async () => {
    const db = await openTestDb(kind);
    const world = await buildWorld(db);
    await loadAll(db, world, makePosts(world, 40));
    await recompute(db);
    const victim = await db.selectFrom('devices').where('report_count', '>', 0).where('status', '=', 'passed').select('id').executeTakeFirstOrThrow();
    const kept = await db.selectFrom('devices').where('id', '!=', victim.id).where('status', '=', 'passed').select('id').executeTakeFirstOrThrow();
    await db.updateTable('devices').set({ status: 'released' }).where('id', '=', kept.id).execute();
    await db.deleteFrom('device_reports').where('device_id', '=', victim.id).execute();
    await recompute(db, { projectIds: world.projects, enclosureIds: world.jigs });
    expect(await db.selectFrom('devices').where('id', '=', victim.id).select(['status', 'report_count', 'first_pass', 'last_result', 'tested_at']).executeTakeFirst())
      .toEqual({ status: 'untested', report_count: 0, first_pass: null, last_result: null, tested_at: null });
    expect((await db.selectFrom('devices').where('id', '=', kept.id).select('status').executeTakeFirstOrThrow()).status).toBe('released');
    await expectDirectCounts(db);
  }, SLOW);

  it('seeds the demo production with consistent counters and one clearly worse batch', async () => {
    const db = await openTestDb(kind);
    const customer = await createCompany(db, { name: 'Acme Electronics', type: 'customer' });
    const manufacturer = await createCompany(db, { name: 'Voltline Assembly', type: 'manufacturer' });
    const now = Date.parse('2025-06-18T14:30:00.000Z');
    await seedDemoProduction(db, { customer, manufacturer }, { now, scale: 0.1 });
    const counts = await countDemoData(db);
    expect(counts).toMatchObject({ projects: 2, batches: 3, devices: 500 });
    expect(counts.reports).toBeGreaterThan(counts.devices);
    await expectDirectCounts(db);
    const batches = await db.selectFrom('production_batches').select(['name', 'tested_count', 'first_pass_count']).orderBy('id').execute();
    const fpy = batches.map((b) => b.first_pass_count / b.tested_count);
    expect(fpy[1]).toBeLessThan(fpy[0] - 0.05);
    expect(fpy[1]).toBeLessThan(fpy[2] - 0.05);
    const span = await db.selectFrom('device_reports')
      .select((eb) => [eb.fn.min('finished_at').as('first'), eb.fn.max('finished_at').as('last')]).executeTakeFirstOrThrow();
    expect(Date.parse(span.first as string)).toBeGreaterThanOrEqual(now - 31 * 86_400_000);
    expect(Date.parse(span.last as string)).toBeLessThanOrEqual(now);
    const voltline = await db.selectFrom('manufacturers').where('name', '=', 'Voltline Assembly').select('company_id').execute();
    expect(voltline.map((m) => m.company_id)).toEqual([manufacturer, manufacturer]);
  }, SLOW);
});
