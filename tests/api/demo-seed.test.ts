import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { padDetails, type ProjectPads } from '../../contract/project-pads';
import { buildApp } from '../../server/app';
import { demoDataLine } from '../../server/seed/demo-counts';
import { DEMO_RELEASES } from '../../server/seed/demo-releases';
import { DEMO_STEP_NETS } from '../../server/seed/demo-test-profiles';
import { seedOnStart, type StartSeeding } from '../../server/seed/on-start';
import { recountContactCycles } from '../../server/services/production/contact-cycles';
import type {} from '../../server/store/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-app';

/**
 * The demo a fresh start seeds, read back through the API as its logins see it: the start
 * banner's figures are the database's, the viewer login reads and changes nothing, and a release
 * batch has shipped.
 */
const PASSWORD = 'demo-password-1';
let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;
let seeding: StartSeeding;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-demo-seed-'));
  app = await buildApp({ db: database.db, dataDir, checkResponses: true });
  seeding = await seedOnStart(database.db, { seedDemo: true, demoPassword: PASSWORD, adminPassword: PASSWORD, files: app.files });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

async function login(username: string): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'POST', url: '/v1/login', payload: { username, password: PASSWORD } });
  expect(res.statusCode, `${username} logs in`).toBe(200);
  const { data } = res.json();
  return { authorization: `${data.type} ${data.token}` };
}

async function get(url: string, headers: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

/** The banner's "Demo data:" line as figure per word: { projects: 3, devices: 5000, … }. */
function bannerFigures(line: string): Record<string, number> {
  const figures: Record<string, number> = {};
  for (const [, count, what] of line.matchAll(/([\d,]+) ([a-z ]+?)(?=,| \()/g)) figures[what] = Number(count.replace(/,/g, ''));
  return figures;
}

describe('the demo a fresh start seeds', () => {
  it("prints figures in the start banner that the API counts too", async () => {
    const line = demoDataLine(seeding.demo!.counts, seeding.demo!.ms);
    const figures = bannerFigures(line);
    const admin = await login('admin');
    const companies = (await get('/v1/companies?limit=100', admin)).data as { id: number; name: string; type: { slug: string } | string }[];
    const acme = companies.find((c) => c.name === 'Acme Electronics')!;
    let projects = 0;
    let batches = 0;
    let releases = 0;
    let devices = 0;
    for (const company of companies) {
      const list = await get(`/v1/companies/${company.id}/projects?limit=100`, admin);
      projects += list.meta.total;
      for (const project of list.data as { id: number }[]) {
        batches += (await get(`/v1/projects/${project.id}/productionbatches?limit=1`, admin)).meta.total;
        releases += (await get(`/v1/projects/${project.id}/releasebatches?limit=1`, admin)).meta.total;
        devices += (await get(`/v1/projects/${project.id}/devices?limit=1`, admin)).meta.total;
      }
    }
    const acmeProjects = (await get(`/v1/companies/${acme.id}/projects?limit=100`, admin)).meta.total;
    expect(acmeProjects).toBe(3); // MC-200, SH-10 and LC-8, made from a request
    expect(figures).toMatchObject({
      projects,
      'production batches': batches,
      'release batches': releases,
      devices,
      'project requests': (await get('/v1/requests?limit=1', admin)).meta.total,
      'enclosure updates': (await get('/v1/enclosure-updates?limit=1', admin)).meta.total,
    });
    expect(figures.reports).toBeGreaterThan(devices);
  });

  it('names a reviewer on every request past submitted, and none on the submitted one', async () => {
    const admin = await login('admin');
    const requests = (await get('/v1/requests?limit=100', admin)).data as { projectname: string; status: string; reviewer: { name: string } | null }[];
    expect(requests.length).toBeGreaterThan(1);
    for (const request of requests) {
      if (request.status === 'submitted') expect(request.reviewer, request.projectname).toBeNull();
      else expect(request.reviewer?.name, request.projectname).toBe('admin');
    }
  });

  it('has a viewer login that reads Acme and may change nothing', async () => {
    expect(seeding.demoUsernames).toContain('acme-viewer');
    const viewer = await login('acme-viewer');
    const me = (await get('/v1/users/me', viewer)).data;
    expect(me.roles.map((r: { slug: string }) => r.slug)).toEqual(['viewer']);
    const projects = (await get(`/v1/companies/${me.company.id}/projects`, viewer)).data as { id: number; name: string }[];
    const mc200 = projects.find((p) => p.name === 'Motor controller MC-200')!;
    expect((await get(`/v1/projects/${mc200.id}/devices?limit=5`, viewer)).data).toHaveLength(5);
    const refused = await app.inject({
      method: 'POST',
      url: `/v1/projects/${mc200.id}/releasebatches`,
      headers: viewer,
      payload: { name: 'Not allowed' },
    });
    expect(refused.statusCode).toBe(403);
    const users = await app.inject({ method: 'GET', url: '/v1/users', headers: viewer });
    expect(users.statusCode).toBe(403);
  });

  it('has a released batch of MC-200 boards and a draft', async () => {
    const engineer = await login('acme-engineer');
    const me = (await get('/v1/users/me', engineer)).data;
    const projects = (await get(`/v1/companies/${me.company.id}/projects`, engineer)).data as { id: number; name: string }[];
    const mc200 = projects.find((p) => p.name === 'Motor controller MC-200')!;
    const releases = (await get(`/v1/projects/${mc200.id}/releasebatches?sortby=name`, engineer)).data as {
      name: string;
      status: string;
      device_count: number;
      id: number;
    }[];
    expect(releases.map((r) => [r.name, r.status, r.device_count])).toEqual(
      DEMO_RELEASES.map((r) => [r.name, r.released ? 'released' : 'draft', r.boards]),
    );
    const shipped = releases.find((r) => r.status === 'released')!;
    const boards = (await get(`/v1/releasebatches/${shipped.id}/devices?limit=100`, engineer)).data as { status: string }[];
    expect(boards.length).toBeGreaterThan(0);
    expect(new Set(boards.map((b) => b.status))).toEqual(new Set(['released']));
  });

  it('has a line with repairs: failure codes, waiting boards, repaired boards retested, one scrapped, and the figures to show it', async () => {
    const operator = await login('acme-operator');
    const me = (await get('/v1/users/me', operator)).data;
    const codes = (await get('/v1/failure-codes', operator)).data as { code: string; repair_count: number }[];
    expect(codes.map((c) => c.code)).toEqual(expect.arrayContaining(['SOLDER-BRIDGE', 'MISSING-PART', 'NO-FAULT-FOUND']));
    const projects = (await get(`/v1/companies/${me.company.id}/projects`, operator)).data as { id: number; name: string }[];
    const mc200 = projects.find((p) => p.name === 'Motor controller MC-200')!;
    type Shown = { id: number; device_id: number; status: string; parts: string[]; failure_code: { code: string } | null; repaired_at: string | null };
    const repairs = (await get(`/v1/projects/${mc200.id}/repairs?limit=100`, operator)).data as Shown[];
    const by = (status: string) => repairs.filter((r) => r.status === status);
    expect(by('waiting').length).toBeGreaterThanOrEqual(2);
    expect(by('scrapped')).toHaveLength(1);
    expect(by('repaired').length).toBeGreaterThanOrEqual(5);
    expect(codes.reduce((sum, c) => sum + c.repair_count, 0)).toBe(by('repaired').length + by('scrapped').length);

    let passedAfter = 0;
    for (const repair of by('repaired')) {
      expect(repair.failure_code).not.toBeNull();
      const history = (await get(`/v1/devices/${repair.device_id}/history`, operator)).data as { kind: string; result?: string; operator?: { name: string } | null }[];
      const done = history.findIndex((e) => e.kind === 'repair_done');
      const retest = history.slice(done + 1).find((e) => e.kind === 'run');
      expect(retest, `board ${repair.device_id} retested after its repair`).toBeDefined();
      if (retest!.result === 'pass') passedAfter += 1;
      expect(history.filter((e) => e.kind === 'scan').length).toBeGreaterThan(0);
      expect(history.find((e) => e.kind === 'run')!.operator?.name).toBe('acme-operator');
    }
    expect(passedAfter).toBeGreaterThan(by('repaired').length / 2);
    expect(by('repaired').some((r) => r.parts.length > 0)).toBe(true);

    // The boards' repair fields follow their repairs.
    const boards = await database.db.selectFrom('devices').select(['id', 'in_repair', 'status']).where('project_id', '=', mc200.id).where('in_repair', '=', 1).execute();
    expect(boards.map((b) => b.id).sort()).toEqual(by('waiting').map((r) => r.device_id).sort());
    const scrappedBoard = await get(`/v1/devices/${by('scrapped')[0]!.device_id}`, operator);
    expect(scrappedBoard.data.status).toBe('scrapped');

    const figures = (await get(`/v1/statistics/repairs?project_id=${mc200.id}`, operator)).data;
    expect(figures.pareto.length).toBeGreaterThan(0);
    expect(figures.waiting_now).toBe(by('waiting').length);
    expect(figures.by_operator.find((o: { operator: { name: string } | null }) => o.operator?.name === 'acme-operator').scans).toBeGreaterThan(0);
  });

  it('traces every demo report to its fixture, keeps cycles equal to a recount, and has one cartridge near the end of its probe life', async () => {
    const db = database.db;
    const untraced = await db.selectFrom('device_reports').where('fixture_id', 'is', null).where('enclosure_id', 'is not', null).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(untraced.n)).toBe(0);
    const cartridges = await db.selectFrom('cartridges').select(['id', 'serial', 'contact_cycles']).execute();
    for (const c of cartridges) expect(c.contact_cycles, c.serial).toBe(await recountContactCycles(db, c.id));
    const worn = cartridges.find((c) => c.serial === 'CR-HD80-0001')!;
    expect(worn.contact_cycles).toBeGreaterThan(100);
    const res = await app.inject({ method: 'GET', url: `/v1/cartridges/${worn.id}`, headers: await login('admin') });
    expect(res.json().data.cycles).toMatchObject({ life_status: 'due_soon' });
  });

  it('has MC-200’s board, and every step of its profiles that measures pads names them', async () => {
    const engineer = await login('acme-engineer');
    const me = (await get('/v1/users/me', engineer)).data;
    const projects = (await get(`/v1/companies/${me.company.id}/projects`, engineer)).data as { id: number; name: string }[];
    const mc200 = projects.find((p) => p.name === 'Motor controller MC-200')!;
    const board = (await get(`/v1/projects/${mc200.id}/pads`, engineer)).data as ProjectPads;
    expect(board.pads.length).toBeGreaterThan(300);
    expect(board.active_profile?.name).toBe('MC-200 EOL');
    const steps = board.active_profile!.steps;
    expect(steps.map((s) => s.name).sort()).toEqual(Object.keys(DEMO_STEP_NETS['MC-200 EOL']).sort());
    for (const step of steps) {
      const names = step.test_resource_ids.map((id) => board.test_resources.find((r) => r.id === id)!.name).sort();
      expect(names, step.name).toEqual([...DEMO_STEP_NETS['MC-200 EOL'][step.name]].sort());
    }
    // The other versions' steps by name, and a pad of the 3V3 rail opens its step.
    expect(board.other_steps.find((s) => s.name === '3V3 rail')?.profiles.map((p) => p.status).sort()).toEqual(['archived', 'draft']);
    const rail = board.pads.find((p) => p.net === '+3V3')!;
    expect(padDetails(board, rail.id)!.steps.map((s) => s.name)).toEqual(['3V3 rail']);
  });

  it('shows the worn cartridge’s false fails standing out, and the line jigs on the newest firmware', async () => {
    const admin = await login('acme-admin');
    const split = async (by: string) =>
      (await get(`/v1/statistics/fixture-health?by=${by}`, admin)).data.groups as { key: number; name: string; runs: number; fails: number; false_fails: number; false_fail_rate: number }[];
    const cartridges = await split('cartridge');
    const jigs = await split('jig');
    // The line cassette's cartridges share every run of jig A: the worn one's false fails are theirs too (the pads tell them apart).
    const worn = cartridges.find((g) => g.name === 'CR-HD80-0001')!;
    // Of the other jigs' fails, few passed the next run with no repair: their boards' faults are real.
    const others = jigs.filter((g) => g.name !== 'EOL tester A');
    const otherShare = others.reduce((n, g) => n + g.false_fails, 0) / others.reduce((n, g) => n + g.fails, 0);
    expect(otherShare).toBeLessThan(0.15);
    expect(worn.false_fails / worn.fails).toBeGreaterThan(3 * otherShare);
    const health = (await get(`/v1/cartridges/${worn.key}/health`, admin)).data;
    // Its false fails rise over its newest cycles, as its probes wear.
    const trend = health.cycle_trend as { runs: number; false_fails: number }[];
    expect(trend.length).toBeGreaterThan(2);
    const rate = (points: typeof trend) => points.reduce((n, p) => n + p.false_fails, 0) / Math.max(1, points.reduce((n, p) => n + p.runs, 0));
    expect(rate(trend.slice(-2))).toBeGreaterThan(rate(trend.slice(0, 2)));
    // Readiness: no line jig is out of date; the rework bench is, a reason a person can see.
    const readiness = (await get('/v1/jig-readiness', admin)).data as { name: string; problems: { code: string }[] }[];
    const outdated = (name: string) => readiness.find((j) => j.name === name)!.problems.some((p) => p.code === 'firmware_outdated');
    for (const name of ['EOL tester A', 'EOL tester B', 'Sensor hub tester']) expect(outdated(name), name).toBe(false);
    expect(outdated('Rework bench')).toBe(true);
  });
});
